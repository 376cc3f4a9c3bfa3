/**
 * `iframe`: another site's page inside the event page (spec part 2 §2 "iframe block"). In browsers
 * it is an iframe of the given height; the mini-program can only show a web page as a whole page
 * (web-view, and only of the mini-program's business domains), so there the block is a card that
 * opens it on /page/video/iframe.
 */
import * as T from 'typebox';
import { defineComponent, Line, Props } from './kit';

/** An http(s) address (no path-only addresses: an iframe of this site is not what it is for). */
export const EMBED_URL_PATTERN = '^https?://[^\\s/?#]+[^\\s]*$';

export const IframePropsSchema = Props({
  url: T.Optional(T.String({ maxLength: 2000, pattern: EMBED_URL_PATTERN, errorMessage: 'must be an http(s) address' })),
  /** Height in CSS px (browsers). */
  height: T.Integer({ minimum: 100, maximum: 3000, default: 600 }),
  /** Names the frame (accessibility) and the card in the mini-program. */
  title: Line(60, { default: '' })
});
export type IframeProps = T.Static<typeof IframePropsSchema>;

export const iframeDefinition = defineComponent('iframe', IframePropsSchema);
export const IFRAME_DEFAULTS: IframeProps = iframeDefinition.defaults;
