import zlib from 'node:zlib';
import type { UserConfigExport } from '@tarojs/cli';
import CompressionPlugin from 'compression-webpack-plugin';

// Text assets of the H5 build are written again as x.br and x.gz; the server picks
// one by Accept-Encoding (@fastify/static preCompressed, server/src/routes/h5.ts).
const precompressed = /\.(js|css|html|svg|json|txt)$/;

export default {
  mini: {},
  h5: {
    webpackChain(chain) {
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
