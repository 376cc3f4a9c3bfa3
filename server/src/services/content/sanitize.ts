import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list rich content is cleaned with (sanitize-html): text formatting, lists, tables,
 * images and links; no script, style element, iframe, form or event-handler attribute survives,
 * and URLs must be http(s) (links may also be mailto: and tel:). The same list suits the
 * mini-program's rich-text, which shows these tags and ignores the rest.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'span', 'div', 'section', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
    'a', 'img', 'figure', 'figcaption'
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
    '*': ['style']
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'line-height': [/^\d{1,3}(\.\d+)?(px|em|rem|%)?$/],
      margin: [/^(-?\d{1,4}(\.\d+)?(px|em|rem|%)?\s?){1,4}$/],
      padding: [/^(\d{1,4}(\.\d+)?(px|em|rem|%)?\s?){1,4}$/],
      width: [/^\d{1,4}(\.\d+)?(px|%)$/],
      'max-width': [/^\d{1,4}(\.\d+)?(px|%)$/]
    }
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with everything inside them (their text is code, not content).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } })
  }
};
// target and rel are added by transformTags after the attribute filter.
(OPTIONS.allowedAttributes as Record<string, string[]>).a.push('target', 'rel');

/** Rich content HTML with only allow-listed tags, attributes, styles and URL schemes left. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
