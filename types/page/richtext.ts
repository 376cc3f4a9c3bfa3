/**
 * `richtext` and `liverich`: a block of rich content, fetched by its hash (types/api/content.ts;
 * organisers store the HTML with POST /api/v2/organizer/contents, which cleans it).
 */
export interface RichTextProps {
  /** The content's hash (64 hex digits); empty renders nothing. */
  hash: string;
}

export const RICHTEXT_DEFAULTS: RichTextProps = { hash: '' };
