// Taro's preset for the app build; plain env + TypeScript + React presets under Jest.
module.exports = {
  presets: [
    ['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]
  ]
};
