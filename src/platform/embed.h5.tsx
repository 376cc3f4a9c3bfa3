import type { EmbedProps } from './embed-core';

export type { EmbedProps } from './embed-core';
export { isEmbeddable } from './embed-core';

/** Browsers frame a page anywhere. */
export function embedsInline(): boolean {
  return true;
}

/** The frame may run its scripts and open its links in a new tab; it cannot navigate this page. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-presentation';

/** The one iframe: inline blocks add lazy loading and the referrer policy; the full page does not. */
function Frame({ src, title, className, height, inline }: { src: string; title?: string; className: string; height: string; inline: boolean }): JSX.Element {
  return (
    <iframe
      className={className}
      data-testid="embed-frame"
      src={src}
      title={title || src}
      sandbox={SANDBOX}
      {...(inline ? { referrerPolicy: 'no-referrer-when-downgrade' as const, loading: 'lazy' as const } : {})}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
      style={{ display: 'block', width: '100%', height, border: 0 }}
    />
  );
}

export function InlineEmbed({ src, title, height }: EmbedProps): JSX.Element {
  return <Frame src={src} title={title} className="embed-frame" height={`${height ?? 600}px`} inline />;
}

export function PageEmbed({ src, title }: EmbedProps): JSX.Element {
  return <Frame src={src} title={title} className="embed-frame embed-frame--page" height="100vh" inline={false} />;
}
