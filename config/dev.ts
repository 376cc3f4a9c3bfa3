import type { UserConfigExport } from '@tarojs/cli';
import { htmlComponents, useHtmlStyleShim } from './html-style-plugin';

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    webpackChain(chain, webpack) {
      if (htmlComponents) useHtmlStyleShim(chain, webpack);
    }
  }
} satisfies UserConfigExport<'webpack5'>;
