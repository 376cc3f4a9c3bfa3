import type { EmbedProps } from './embed-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * A web page inside the app: the interface. The build takes embed.h5.tsx (an iframe, inline or
 * filling the page) or embed.weapp.tsx (no inline frames: `web-view` fills a page of its own).
 * This file is what type checking sees.
 */
export type { EmbedProps } from './embed-core';
export { isEmbeddable } from './embed-core';

/** Whether a page can show a web page inline, in the flow of its components. */
export function embedsInline(): boolean {
  throw new UnsupportedPlatformCall('embedsInline', thisPlatform());
}

/** The web page in the flow of a page (only where embedsInline()). */
export function InlineEmbed(_props: EmbedProps): JSX.Element | null {
  throw new UnsupportedPlatformCall('InlineEmbed', thisPlatform());
}

/** The web page filling a page of its own. */
export function PageEmbed(_props: EmbedProps): JSX.Element | null {
  throw new UnsupportedPlatformCall('PageEmbed', thisPlatform());
}
