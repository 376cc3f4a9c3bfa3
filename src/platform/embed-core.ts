/** A web page shown inside the app (the iframe component, /page/video/iframe). */
export interface EmbedProps {
  src: string;
  title?: string;
  /** CSS px; omitted: the whole page. */
  height?: number;
}

/** Only http(s) addresses are embedded (a query parameter can carry anything). */
export const isEmbeddable = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\/[^\s/?#]+[^\s]*$/.test(url) && url.length <= 2000;
