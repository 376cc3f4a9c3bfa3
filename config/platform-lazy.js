// Taro's H5 system-info calls read the `platform` package (a user-agent parser). Loaded as it
// is, it parses the user agent against a few hundred regular expressions while the app starts,
// although the app never asks for system info at start. This stand-in (config/index.ts alias
// `platform$`) parses on the first property read instead.
let parsed;
const real = () => (parsed = parsed || require('platform/platform.js'));

module.exports = new Proxy(
  {},
  {
    // webpack's default-export interop reads `__esModule` when the module is imported: answer
    // that without parsing (the package is CommonJS).
    get: (_, key) => (key === '__esModule' ? undefined : real()[key]),
    has: (_, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => Object.getOwnPropertyDescriptor(real(), key)
  }
);
