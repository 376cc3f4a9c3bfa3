/**
 * The Trusted Types policies of the H5 app. The server names exactly these in the documents'
 * Content-Security-Policy (`trusted-types …`, server/src/services/h5/csp.ts); a policy created
 * under any other name is refused by the browser. See docs/architecture.md "Content Security Policy".
 */
export const TRUSTED_TYPES_POLICIES = {
  /** Created first thing by the document's head script: the sinks nobody reviewed get only plain text. */
  default: 'default',
  /** webpack's chunk loading (config/index.ts `output.trustedTypes`): script URLs of the build's own chunks. */
  webpack: 'webpack',
  /** The rich-text block's HTML, cleaned by the server's allow-list (src/platform/trusted-types.ts). */
  richHtml: 'rich-html',
  /** The `code` component's external scripts: https addresses only (src/platform/trusted-types.ts). */
  pageCode: 'page-code'
} as const;

export type TrustedTypesPolicyName = (typeof TRUSTED_TYPES_POLICIES)[keyof typeof TRUSTED_TYPES_POLICIES];
