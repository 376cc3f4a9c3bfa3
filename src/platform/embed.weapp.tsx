import { WebView } from '@tarojs/components';
import type { EmbedProps } from './embed-core';
import { UnsupportedPlatformCall, WEAPP } from './unsupported';

export type { EmbedProps } from './embed-core';
export { isEmbeddable } from './embed-core';

/** A mini-program shows a web page only as a whole page (web-view). */
export function embedsInline(): boolean {
  return false;
}

export function InlineEmbed(_props: EmbedProps): JSX.Element | null {
  throw new UnsupportedPlatformCall('InlineEmbed', WEAPP, 'web-view fills a page of its own: open /page/video/iframe');
}

/** web-view (the address must be one of the mini-program's business domains, set in its admin console). */
export function PageEmbed({ src }: EmbedProps): JSX.Element {
  return <WebView src={src} data-testid="embed-webview" />;
}
