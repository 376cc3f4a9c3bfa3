// H5 with Taro's React components (h5.useHtmlComponents): View, Text, Image, … render plain
// elements, and React refuses a string `style` ("style prop expects a mapping", error #62).
// taro-ui passes strings (customStyle defaults to '', mergeStyle returns 'a:b;'), which the
// Stencil components accepted. Every React component of @tarojs/components-react is made by
// createForwardRefComponent (dist/utils/index.js); config/html-style-plugin.js swaps that
// module for this one, which turns a string style into an object before the component sees it,
// and keeps the element's data-, aria-, id and role attributes (below).
import { forwardRef, useLayoutEffect, useRef } from 'react';
import { jsx } from 'react/jsx-runtime';

export * from '@tarojs/components-react/dist/utils/index.js';

const camel = (name) =>
  name.startsWith('--') ? name : name.replace(/^-(webkit|moz|ms|o)-/, (_, p) => `${p === 'ms' ? 'ms' : p[0].toUpperCase() + p.slice(1)}-`).replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** 'height: 10px; background: url(a;b)' → { height: '10px', background: 'url(a;b)' } */
export function styleObject(style) {
  if (typeof style !== 'string') return style;
  const out = {};
  let depth = 0;
  let start = 0;
  const take = (end) => {
    const part = style.slice(start, end);
    const colon = part.indexOf(':');
    if (colon > 0) {
      const key = part.slice(0, colon).trim();
      const value = part.slice(colon + 1).trim();
      if (key && value) out[camel(key)] = value;
    }
    start = end + 1;
  };
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) take(i);
  }
  take(style.length);
  return out;
}

// ScrollView and Swiper render their element without the props they do not know, so
// `data-*`, `aria-*`, `id` and `role` are lost (tests and styles look elements up by them).
// The wrapper hands the component a ref that writes them onto the element it attaches.
const passThrough = /^(data-|aria-)|^(id|role)$/;

/** The pass-through attributes of the props, and a key that changes when they do (null: none). */
function domAttributes(props) {
  let attrs = null;
  let key = '';
  for (const name in props) {
    const value = props[name];
    if (passThrough.test(name) && value != null && typeof value !== 'object' && typeof value !== 'function') {
      (attrs ||= {})[name] = String(value);
      key += `${name}=${attrs[name]}\u0000`;
    }
  }
  return { attrs, key };
}

function apply(el, attrs) {
  if (el && attrs && typeof el.setAttribute === 'function') for (const key in attrs) if (el.getAttribute(key) !== attrs[key]) el.setAttribute(key, attrs[key]);
}

function setRef(ref, el) {
  if (typeof ref === 'function') ref(el);
  else if (ref) ref.current = el;
}

export const createForwardRefComponent = (ReactComponent) =>
  forwardRef(function TaroHtmlComponent(props, ref) {
    const { attrs, key } = domAttributes(props);
    const state = useRef(null);
    if (!state.current) {
      const s = { el: null, attrs: null, outer: null };
      s.handle = {
        get current() {
          return s.el;
        },
        set current(el) {
          s.el = el;
          apply(el, s.attrs);
          setRef(s.outer, el);
        }
      };
      state.current = s;
    }
    const s = state.current;
    s.attrs = attrs;
    s.outer = ref;
    // Attached elements get them in the ref; a later change of their values is written here.
    useLayoutEffect(() => apply(s.el, s.attrs), [key]);
    const style = typeof props.style === 'string' ? styleObject(props.style) : props.style;
    return jsx(ReactComponent, { ...props, style, forwardedRef: s.handle });
  });
