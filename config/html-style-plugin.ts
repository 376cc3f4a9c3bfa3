// Swaps @tarojs/components-react's dist/utils/index.js for config/html-style.js (see there),
// except for the import that html-style.js itself makes of the original.
import path from 'node:path';

/**
 * H5 renders View, Text, Image, ScrollView and Swiper as React elements (h5.useHtmlComponents)
 * rather than Stencil web components: the first load fetches no Stencil runtime (issue 12).
 * H5_HTML_COMPONENTS=0 builds with the web components.
 */
export const htmlComponents = process.env.H5_HTML_COMPONENTS !== '0';

const shim = path.resolve(__dirname, 'html-style.js');
const target = /[\\/]@tarojs[\\/]components-react[\\/]dist[\\/]utils[\\/]index\.js$/;

interface ResolveData {
  contextInfo?: { issuer?: string };
  createData?: { request: string; userRequest: string; resource: string };
}

export function useHtmlStyleShim(chain: { plugin: (name: string) => { use: (plugin: unknown, args: unknown[]) => unknown } }, webpack: { NormalModuleReplacementPlugin: unknown }) {
  chain.plugin('html-style-shim').use(webpack.NormalModuleReplacementPlugin, [
    target,
    (result: ResolveData) => {
      if (!result.createData || result.contextInfo?.issuer === shim) return;
      // `request` (loaders and resource) is the module's identity: change it too, or the
      // shim's own import of the original would be the shim again.
      const data = result.createData;
      data.request = data.request.replace(data.resource, shim);
      data.userRequest = data.userRequest.replace(data.resource, shim);
      data.resource = shim;
    }
  ]);
}
