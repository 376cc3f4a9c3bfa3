/**
 * `richtext` and `liverich`: a block of rich content, fetched by its hash (types/api/content.ts;
 * organisers store the HTML with POST /api/v2/organizer/contents, which cleans it).
 */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';

export const RichTextPropsSchema = Props({
  /** The content's hash (64 hex digits); empty renders nothing. */
  hash: T.String({ pattern: '^([0-9a-f]{64})?$', default: '', errorMessage: 'must be the hash of a stored content (64 hex digits), or empty' })
});
export type RichTextProps = T.Static<typeof RichTextPropsSchema>;

export const richTextDefinition = defineComponent('richtext', RichTextPropsSchema);
export const RICHTEXT_DEFAULTS: RichTextProps = richTextDefinition.defaults;
