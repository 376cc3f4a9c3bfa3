// Taro's Jest transformer (@tarojs/test-utils-react/dist/jest/babel-transformer.js)
// with React's automatic JSX runtime, as the app build uses (tsconfig "react-jsx"):
// source files do not import React. Like Taro's, it rewrites process.env.TARO_ENV
// in src/ so TARO_ENV_JEST=weapp selects the mini-program branch.
const path = require('path');
const { createTransformer } = require('babel-jest');
const loader = require('@tarojs/plugin-framework-react/dist/api-loader.js');

const transform = createTransformer({
  presets: [
    ['taro', { framework: 'react', ts: true }],
    ['@babel/preset-env', { modules: 'commonjs' }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript'
  ],
  babelrc: false,
  configFile: false
});

const SRC = path.join(__dirname, '..', '..', 'src');
const originalProcess = transform.process;
transform.process = (sourceText, sourcePath, options) => {
  if (sourcePath.includes('test-utils-react/dist/jest/runtime/taro-h5.js')) sourceText = (loader.default || loader)(sourceText);
  if (sourcePath.startsWith(SRC)) {
    // Parenthesised: `X || Y === 'h5'` would read as `X || (Y === 'h5')` (Taro's own transformer has that bug).
    sourceText = sourceText.replace(/process\.env\.TARO_ENV\b/g, '(process.env.TARO_ENV_JEST || process.env.TARO_ENV)');
  }
  return originalProcess(sourceText, sourcePath, options);
};

// Cached output must change when this rewrite does.
const REWRITE_VERSION = 'taro-env-2';
const originalKey = transform.getCacheKey;
transform.getCacheKey = (...args) => `${originalKey(...args)}:${REWRITE_VERSION}`;

module.exports = transform;
