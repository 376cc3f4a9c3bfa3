// Taro's H5 runtime first: otherwise a circular import between @tarojs/router
// and @tarojs/taro-h5 throws (SETUP-NOTES).
require('@tarojs/taro');

// Taro's page hooks (useReachBottom, useDidShow …) read React from the framework
// runtime, which the app entry normally connects. Connect it here so components
// using them render outside a Taro page; their callbacks then register on the
// fallback instance `getPageInstance('taro-app')`, where tests can call them.
{
  const React = require('react');
  const runtime = require('@tarojs/plugin-framework-react/dist/runtime');
  runtime.createH5NativeComponentConfig(null, React, require('react-dom'));
  runtime.connectReactPage(React, 'taro-app')(function TestPage() {
    return null;
  });
}
