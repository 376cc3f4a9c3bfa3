import type { EmbedProps } from './embed-core';

export type { EmbedProps } from './embed-core';
export { isEmbeddable } from './embed-core';

/** Browsers frame a page anywhere. */
export function embedsInline(): boolean {
  return true;
}

/** The frame may run its scripts and open its links in a new tab; it cannot navigate this page. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-presentation';

export function InlineEmbed({ src, title, height }: EmbedProps): JSX.Element {
  return (
    <iframe
      className="embed-frame"
      data-testid="embed-frame"
      src={src}
      title={title || src}
      sandbox={SANDBOX}
      referrerPolicy="no-referrer-when-downgrade"
      loading="lazy"
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
      style={{ display: 'block', width: '100%', height: `${height ?? 600}px`, border: 0 }}
    />
  );
}

export function PageEmbed({ src, title }: EmbedProps): JSX.Element {
  return (
    <iframe
      className="embed-frame embed-frame--page"
      data-testid="embed-frame"
      src={src}
      title={title || src}
      sandbox={SANDBOX}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
      style={{ display: 'block', width: '100%', height: '100vh', border: 0 }}
    />
  );
}
