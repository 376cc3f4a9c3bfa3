import { TRUSTED_TYPES_POLICIES } from '../../../../types/csp';
import { nonceAttr } from './csp';

/**
 * The Trusted Types default policy, created first thing in the document's head (before any of the
 * app's code runs). The browser asks it about every string that reaches a script sink without a
 * named policy's value. It lets through only what was reviewed:
 *
 * createHTML (innerHTML, outerHTML, insertAdjacentHTML, DOMParser, …):
 * - plain text: a string without `<` makes no element (Taro's router writes its navigation-bar
 *   styles into a `<style>` this way);
 * - static SVG icons: only svg/path/g/… elements with drawing attributes (Taro's navigation-bar
 *   back, home and loading icons), no event handler, no link, no text;
 * - the document's own title: Taro's router writes `document.title` into its navigation bar's
 *   title with innerHTML; it is passed as escaped text, so a title shows its markup as text;
 * - anything else is refused (the sink throws and the browser reports a violation).
 * createScript (eval, new Function, setTimeout with a string, a script element's text): refused.
 * createScriptURL (a script element's src): refused; the build's chunks come through webpack's
 * own policy, the `code` component's scripts through `page-code` (src/platform/trusted-types.ts).
 *
 * To let a new sink through, prefer a named policy in src/platform/ used by that code only (and
 * named in types/csp.ts); change this script only for code we cannot change (a dependency).
 *
 * Written as plain ES5 text (it runs before the bundle, in every browser the app supports).
 */
export const DEFAULT_POLICY_SCRIPT =
  '(function(){var tt=window.trustedTypes;if(!tt||!tt.createPolicy)return;' +
  'var TAGS=/^(svg|path|g|circle|rect|ellipse|line|polyline|polygon)$/i;' +
  'var ATTRS=/^(xmlns|class|t|version|p-id|width|height|viewbox|fill|fill-rule|clip-rule|fill-opacity|opacity|stroke|stroke-width|stroke-linecap|stroke-linejoin|stroke-opacity|d|transform|cx|cy|r|rx|ry|x|y|x1|y1|x2|y2|points)$/i;' +
  'function icon(s){if(!/^\\s*<svg[\\s>]/i.test(s))return false;' +
  'var tag=/<(\\/?)([a-z]+)((?:\\s+[a-z][\\w:.-]*="[^"<>]*")*)\\s*\\/?>/gi,attr=/([a-z][\\w:.-]*)="/gi,i=0,m,a;' +
  'while((m=tag.exec(s))){if(/\\S/.test(s.slice(i,m.index))||!TAGS.test(m[2]))return false;' +
  'attr.lastIndex=0;while((a=attr.exec(m[3])))if(!ATTRS.test(a[1]))return false;i=tag.lastIndex}' +
  'return !/\\S/.test(s.slice(i))}' +
  'function title(s){var d=document.title;return !!d&&s.replace(/\\s+/g," ").replace(/^ | $/g,"")===d}' +
  'function esc(s){return s.replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;")}' +
  `tt.createPolicy(${JSON.stringify(TRUSTED_TYPES_POLICIES.default)},{` +
  'createHTML:function(s){s=String(s);if(s.indexOf("<")<0||icon(s))return s;if(title(s))return esc(s);return null},' +
  'createScript:function(){return null},' +
  'createScriptURL:function(){return null}})})()';

/** The head's first element: the default policy, with this answer's nonce. */
export function defaultPolicyTag(nonce: string): string {
  return `<script${nonceAttr(nonce)}>${DEFAULT_POLICY_SCRIPT}</script>`;
}
