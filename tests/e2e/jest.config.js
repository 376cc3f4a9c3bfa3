// Browser tests: the real server (started once by global-setup.mjs) driven by
// headless Chromium through playwright-core. Run with `npm run test:e2e`.
const path = require('path');

const root = path.resolve(__dirname, '../..');

module.exports = {
  displayName: 'e2e',
  rootDir: root,
  roots: ['<rootDir>/tests/e2e'],
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  testEnvironment: 'node',
  cacheDirectory: path.join(root, 'node_modules/.cache/jest'),
  transform: {
    '^.+\\.ts$': [
      'babel-jest',
      {
        presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
        babelrc: false,
        configFile: false
      }
    ]
  },
  globalSetup: '<rootDir>/tests/e2e/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/e2e/global-teardown.mjs',
  testTimeout: 60000,
  // One browser and one server: run files one after another.
  maxWorkers: 1
};
