import { useEffect, useState } from 'react';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { isEmbeddable, PageEmbed } from '../../platform/embed';
import { usePageTitle } from '../../platform/title';
import { t } from '../../i18n';
import { EmbedPageStore } from '../../stores/links/EmbedPageStore';

/**
 * /page/video/iframe?url=…&title=…&galleryid=…: an embedded page filling the screen (the iframe component's
 * page in the mini-program: web-view; a frame in browsers). Shown only for an http(s) address that the
 * gallery's page names (EmbedPageStore); otherwise the empty state.
 */
const Embedded = observer(function Embedded() {
  const params = useRouter().params as Record<string, string | undefined>;
  const raw = params.url ? safeDecode(params.url) : null;
  const url = isEmbeddable(raw) ? raw : null;
  const galleryId = Number(params.galleryid) || null;
  const title = (params.title && safeDecode(params.title)) || t('page.iframe');
  usePageTitle(title);
  const [store] = useState(() => new EmbedPageStore());
  useEffect(() => void store.check(galleryId, url), [store, galleryId, url]);
  if (store.state === 'loading') return <PageFrame title={title} testId="page-video-iframe">{null}</PageFrame>;
  if (!url || store.state === 'refused') {
    return (
      <PageFrame title={title} testId="page-video-iframe">
        <EmptyState text={t('empty.iframe')} />
      </PageFrame>
    );
  }
  return <PageEmbed src={url} title={title} />;
});

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

export default function VideoIframePage() {
  return (
    <PageShell>
      <Embedded />
    </PageShell>
  );
}
