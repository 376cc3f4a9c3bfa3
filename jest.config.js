// One Jest run over three projects: unit (node), components (jsdom + Taro H5
// runtime; set TARO_ENV_JEST=weapp for the mini-program branch) and server (node).
const path = require('path');
const taroPreset = require('@tarojs/test-utils-react/dist/jest.js').default;

const tsTransform = [
  'babel-jest',
  {
    presets: [['@babel/preset-env', { targets: { node: 'current' } }], ['@babel/preset-react', { runtime: 'automatic' }], '@babel/preset-typescript'],
    babelrc: false,
    configFile: false
  }
];

const components = taroPreset({
  displayName: 'components',
  rootDir: __dirname,
  testMatch: ['<rootDir>/tests/components/**/*.test.{ts,tsx}'],
  setupFiles: [require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js'), '<rootDir>/tests/jest/components.setup.js'],
  resolver: '<rootDir>/tests/jest/resolver.js',
  // typebox: what the app bundles (config/index.ts alias), not the server's validator.
  moduleNameMapper: { '\\.(css|scss|sass|less)$': '<rootDir>/tests/jest/style-stub.js', '^typebox$': '<rootDir>/types/api/typebox-client.ts' }
});
components.transform = {
  '^.+\\.(mjs|js|jsx|ts|tsx)$': '<rootDir>/tests/jest/babel-transformer.js'
};
components.moduleFileExtensions = ['ts', 'tsx', 'js', 'mjs', 'json', 'jsx'];
// node_modules are transformed (Taro, stencil, query-string … ship ESM), except big CJS libraries.
components.transformIgnorePatterns = ['/node_modules/(react|react-dom|scheduler|@babel|core-js|core-js-pure|regenerator-runtime|lodash|jsdom)/'];

delete components.verbose;
delete components.bail;

module.exports = {
  testTimeout: 60000,
  cacheDirectory: path.join(__dirname, 'node_modules/.cache/jest'),
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
      // Multi-end files (x.h5.ts / x.weapp.ts) resolve as in the Taro build (H5 unless TARO_ENV_JEST=weapp).
      resolver: '<rootDir>/tests/jest/resolver.js',
      transform: { '^.+\\.(ts|tsx|js|mjs)$': tsTransform },
      // TypeBox (declared contracts in types/api) ships ESM only.
      transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json']
    },
    components,
    {
      displayName: 'server',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      // PGlite's CommonJS build loads Node built-ins with import(), and cookie 1.x
      // (light-my-request) is ESM-only: Babel turns both into plain require().
      transform: { '^.+\\.(ts|tsx|js|cjs|mjs)$': tsTransform },
      transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|cookie|typebox)/)'],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json']
    }
  ]
};
