import fs from 'node:fs';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import type { UserConfigExport } from '@tarojs/cli';
import CompressionPlugin from 'compression-webpack-plugin';
import { htmlComponents, useHtmlStyleShim } from './html-style-plugin';

/** Writes chunk and module facts of the finished build as JSON. */
class BundleStatsPlugin {
  constructor(private file: string) {}
  apply(compiler: { hooks: { done: { tap: (name: string, fn: (stats: { toJson: (o: object) => unknown }) => void) => void } } }) {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const json = stats.toJson({ all: false, chunks: true, chunkModules: true, chunkOrigins: true, assets: true, ids: true, chunkModulesSpace: 1e6, nestedModules: true, nestedModulesSpace: 1e6, dependentModules: true, chunkGroups: true });
      fs.writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

/**
 * Writes `route-chunks.json`: for each page, the script and style chunks its `import()` loads
 * (beyond the entry's), and `bundle`: those scripts joined into one file. The server names the
 * bundle and the styles in the document of that page's addresses (server/src/routes/h5.ts), so
 * they download beside the entry instead of after it, in one request instead of one per chunk
 * (15 for the gallery page: over HTTP/1.1's six connections a slow network paid its round trip
 * three times over), and the entry finds them installed: no script or link elements added while
 * it evaluates. A chunk file only registers its modules when it runs, so files join as they are;
 * later `import()`s of other pages fetch their chunks one by one and skip the installed ones.
 * Runs after the real content hashes are written (the chunk names are final) and before the
 * compression plugins (the bundles are precompressed too).
 */
class RouteChunksPlugin {
  apply(compiler: any) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation: any) => {
      compilation.hooks.processAssets.tap({ name: 'RouteChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const pages: Record<string, { js: string[]; css: string[]; bundle?: string }> = {};
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue;
          const page = group.origins.map((o: { request?: string }) => /(pages\/[\w-]+\/index)/.exec(o.request ?? '')?.[1]).find(Boolean);
          if (!page || pages[page]) continue;
          const files: string[] = group.chunks.flatMap((c: { files: Set<string> }) => [...c.files]);
          const js = files.filter((f) => f.endsWith('.js'));
          pages[page] = { js, css: files.filter((f) => f.endsWith('.css')) };
          if (js.length < 2) continue;
          const joined = js.map((f) => String(compilation.getAsset(f).source.source()).replace(/\s*$/, '\n;')).join('\n');
          const hash = createHash('md5').update(joined).digest('hex').slice(0, 8);
          const bundle = `js/page-${page.split('/')[1]}.${hash}.js`;
          if (!compilation.getAsset(bundle)) compilation.emitAsset(bundle, new sources.RawSource(joined), { immutable: true, minimized: true });
          pages[page].bundle = bundle;
        }
        compilation.emitAsset('route-chunks.json', new sources.RawSource(JSON.stringify(pages)));
      });
    });
  }
}

// Text assets of the H5 build are written again as x.br and x.gz; the server picks
// one by Accept-Encoding (@fastify/static preCompressed, server/src/routes/h5.ts).
const precompressed = /\.(js|css|html|svg|json|txt)$/;

export default {
  mini: {},
  h5: {
    webpackChain(chain, webpack) {
      if (htmlComponents) useHtmlStyleShim(chain, webpack);
      // Taro injects its own components' styles (about 21 KB) from the script at run time through
      // style-loader: each <style> it adds is parsed and restyles the page while the app's bundle
      // evaluates, the longest task of a first load. Extract them into the CSS files like the app's
      // own styles. They still come first (their chunk's stylesheet precedes app.css), so ours win.
      const customStyle = chain.module.rule('customStyle');
      const [extractName] = Object.keys(customStyle.uses.entries() ?? {});
      const extract = customStyle.use(extractName);
      const taroStyle = chain.module.rule('taroStyle');
      taroStyle.uses.clear();
      taroStyle.use('extract-css').loader(extract.get('loader')).options(extract.get('options') ?? {});
      // Taro splits only the initial chunks: every page chunk carried its own copy of the shared
      // modules (Taro's components, mobx-react, the login and pay stores). Split the page chunks
      // too, so a module shared by pages is fetched once and cached across them.
      chain.optimization.splitChunks({
        chunks: 'all',
        hidePathInfo: true,
        minSize: 8000,
        cacheGroups: {
          default: false,
          defaultVendors: false,
          common: { name: false, minChunks: 2, priority: 1, reuseExistingChunk: true },
          vendors: { name: false, minChunks: 2, test: /[\\/]node_modules[\\/]/, priority: 10, reuseExistingChunk: true },
          taro: { name: false, test: (module: { context?: string }) => /[\\/]node_modules[\\/]@tarojs[\\/]/.test(module.context ?? ''), priority: 100 }
        }
      });
      chain.plugin('route-chunks').use(RouteChunksPlugin);
      // BUNDLE_STATS=file writes webpack's stats (chunks and their modules) for bench/bundle.mjs.
      if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS]);
      chain.plugin('precompress-br').use(CompressionPlugin, [
        {
          filename: '[path][base].br',
          algorithm: 'brotliCompress',
          test: precompressed,
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
          threshold: 0,
          minRatio: 1
        }
      ]);
      chain.plugin('precompress-gz').use(CompressionPlugin, [
        { filename: '[path][base].gz', algorithm: 'gzip', test: precompressed, compressionOptions: { level: 9 }, threshold: 0, minRatio: 1 }
      ]);
    }
  }
} satisfies UserConfigExport<'webpack5'>;
