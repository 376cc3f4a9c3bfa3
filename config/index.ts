import path from 'node:path';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import devConfig from './dev';
import prodConfig from './prod';
import { htmlComponents } from './html-style-plugin';
import { require as tsxRequire } from 'tsx/cjs/api';

// The route table lives in src/ (the app and the server read it too); Taro's
// config loader only transpiles config/, so load it through tsx.
const { h5CustomRoutes } = tsxRequire('../types/routes.ts', __filename) as typeof import('../types/routes');
// The Trusted Types policy names the server's CSP allows (types/csp.ts).
const { TRUSTED_TYPES_POLICIES } = tsxRequire('../types/csp.ts', __filename) as typeof import('../types/csp');

const typesDir = path.resolve(__dirname, '..', 'types');

// API origin baked into the mini-program (H5 calls its own origin).
const apiBase = process.env.TARO_APP_API_BASE || '';

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'livegallery',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // TARO_OUTPUT_ROOT lets parallel builds (and their browser tests, via E2E_H5_DIR) use their own folder.
    outputRoot: process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: {},
    env: { TARO_APP_API_BASE: JSON.stringify(apiBase) },
    // The app reads only method and path of declared calls: TypeBox stays on the server (types/api/typebox-client.ts).
    alias: { typebox: path.resolve(__dirname, '../types/api/typebox-client.ts'), platform$: path.resolve(__dirname, 'platform-lazy.js') },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    sass: { silenceDeprecations: ['legacy-js-api', 'import', 'global-builtin', 'color-functions', 'mixed-decls'] } as never,
    mini: {
      // types/ holds runtime constants and helpers shared with the server (defaults, status tags, sizes): compile it like src/.
      compile: { include: [typesDir] },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      },
      optimizeMainPackage: { enable: true }
    },
    h5: {
      // React elements, not Stencil web components (config/html-style-plugin.ts).
      useHtmlComponents: htmlComponents,
      compile: { include: [typesDir] },
      // H5_SOURCE_MAP=1: source maps next to the scripts (profiling: bench/profile-first-load.mjs).
      enableSourceMap: !!process.env.H5_SOURCE_MAP,
      sourceMapType: 'source-map',
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'browser', customRoutes: h5CustomRoutes() },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
        // Chunk loading sets script.src through webpack's own Trusted Types policy (the document requires
        // Trusted Types for script sinks; the default policy refuses script URLs).
        trustedTypes: { policyName: TRUSTED_TYPES_POLICIES.webpack }
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css'
      },
      postcss: {
        // Root font size follows the screen (20 px on a 375 phone) but stops at 24 px,
        // so a desktop is not drawn as a 2x phone.
        pxtransform: { enable: true, config: { maxRootSize: 24 } },
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } }
      }
    }
  };
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig);
  return merge({}, baseConfig, prodConfig);
});
