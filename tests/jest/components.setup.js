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

// jsdom has no IntersectionObserver (Taro's lazy-load Image and our scroll
// sentinel use it). This stand-in never fires by itself; a test can find an
// observer through `globalThis.__intersectionObservers` and call `trigger`.
if (typeof globalThis.IntersectionObserver === 'undefined') {
  const observers = [];
  globalThis.__intersectionObservers = observers;
  globalThis.IntersectionObserver = class IntersectionObserver {
    constructor(callback, options = {}) {
      this.callback = callback;
      this.root = options.root || null;
      this.rootMargin = options.rootMargin || '0px';
      this.thresholds = [].concat(options.threshold || 0);
      this.targets = [];
      observers.push(this);
    }
    observe(el) {
      this.targets.push(el);
    }
    unobserve(el) {
      this.targets = this.targets.filter((t) => t !== el);
    }
    disconnect() {
      this.targets = [];
    }
    takeRecords() {
      return [];
    }
    trigger(isIntersecting) {
      const entries = this.targets.map((target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }));
      if (entries.length) this.callback(entries, this);
    }
  };
}
