// Taro multi-end files: `./pay` resolves to `./pay.weapp.ts` under
// TARO_ENV_JEST=weapp and to `./pay.h5.ts` otherwise, as the Taro build does.
const fs = require('fs');
const path = require('path');

const EXTS = ['.ts', '.tsx', '.js'];

module.exports = (request, options) => {
  if (request.startsWith('.') && options.basedir && !options.basedir.includes('node_modules')) {
    const env = process.env.TARO_ENV_JEST || 'h5';
    const base = path.resolve(options.basedir, request);
    for (const ext of EXTS) {
      const candidate = `${base}.${env}${ext}`;
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  return options.defaultResolver(request, options);
};
