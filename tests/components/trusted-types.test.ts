/**
 * The app's named Trusted Types policies (src/platform/trusted-types.ts): each is created once under
 * the name the server's CSP allows (types/csp.ts); `page-code` lets only https script addresses of the
 * saved shape through. Browsers without Trusted Types get the strings as they are. The mini-program
 * has no DOM sinks and creates no policy.
 */
import { TRUSTED_TYPES_POLICIES } from '../../types/csp';

const isWeapp = process.env.TARO_ENV_JEST === 'weapp';

type Rules = { createHTML?: (s: string) => string; createScriptURL?: (s: string) => string };

function withTrustedTypes() {
  const created: Array<{ name: string; rules: Rules }> = [];
  (window as unknown as { trustedTypes?: unknown }).trustedTypes = {
    createPolicy: (name: string, rules: Rules) => {
      if (created.some((c) => c.name === name)) throw new TypeError(`policy ${name} exists`);
      created.push({ name, rules });
      return { createHTML: (s: string) => ({ html: rules.createHTML!(s) }), createScriptURL: (s: string) => ({ url: rules.createScriptURL!(s) }) };
    }
  };
  return created;
}

afterEach(() => {
  delete (window as unknown as { trustedTypes?: unknown }).trustedTypes;
  jest.resetModules();
});

const load = () => require('../../src/platform/trusted-types') as typeof import('../../src/platform/trusted-types');

it("the rich-text block's HTML goes through 'rich-html', created once (the mini-program: no policy, no DOM sinks)", () => {
  const created = withTrustedTypes();
  const tt = load();
  if (isWeapp) {
    expect(tt.trustedRichHtml('<p>a</p>')).toBe('<p>a</p>');
    expect(created).toEqual([]);
    return;
  }
  expect(tt.trustedRichHtml('<p>a</p>')).toEqual({ html: '<p>a</p>' });
  expect(tt.trustedRichHtml('<p>b</p>')).toEqual({ html: '<p>b</p>' });
  expect(created.map((c) => c.name)).toEqual([TRUSTED_TYPES_POLICIES.richHtml]);
});

it("a code script goes through 'page-code': https addresses only, no backslash", () => {
  const created = withTrustedTypes();
  const tt = load();
  const ok = tt.trustedCodeScriptUrl('https://cdn.example.com/chat.js');
  expect(ok).toEqual(isWeapp ? 'https://cdn.example.com/chat.js' : { url: 'https://cdn.example.com/chat.js' });
  for (const bad of ['http://cdn.example.com/x.js', 'https://evil.test\\.cdn.example.com/x.js', 'javascript:alert(1)', 'data:text/javascript,1', '/js/app.js']) {
    expect(() => tt.trustedCodeScriptUrl(bad)).toThrow(TypeError);
  }
  expect(created.map((c) => c.name)).toEqual(isWeapp ? [] : [TRUSTED_TYPES_POLICIES.pageCode]);
});

it('without Trusted Types: the strings as they are, and the same checks for code scripts', () => {
  const tt = load();
  expect(tt.trustedRichHtml('<p>a</p>')).toBe('<p>a</p>');
  expect(tt.trustedCodeScriptUrl('https://cdn.example.com/chat.js')).toBe('https://cdn.example.com/chat.js');
  expect(() => tt.trustedCodeScriptUrl('https://evil.test\\.cdn.example.com/x.js')).toThrow(TypeError);
});
