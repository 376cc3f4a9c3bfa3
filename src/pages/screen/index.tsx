import { useEffect, useMemo, useState } from 'react';
import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { createScreenStores } from '../../stores/carousel/screenStores';
import { PageShell } from '../../components/page-shell';
import { EmptyState } from '../../components/empty-state';
import { NotFound } from '../../components/not-found';
import Carousel from '../../components/carousel';
import { LINK_ID_RE } from '../../routes';
import { permissionUrl } from '../../stores/gallery/galleryGate';
import { openUrl } from '../../platform/navigate';
import { usePageTitle } from '../../platform/title';
import { t } from '../../i18n';

/** /g/{link_id}/screen: the gallery's big-screen carousel for a venue screen (H5). */
function ScreenPage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const linkId = params.link_id && LINK_ID_RE.test(params.link_id) ? params.link_id : null;
  const root = useStores();
  const [screen] = useState(() => createScreenStores(root));
  const gallery = screen.gallery;

  useEffect(() => {
    if (root.session.ready && linkId) void gallery.open({ link_id: linkId });
  }, [linkId, root.session.ready]);

  // A gated gallery without the pass: its permission page, which comes back here once passed.
  useEffect(() => {
    if (gallery.state === 'gated' && gallery.gate) openUrl(permissionUrl(gallery.gate.gallery_id, undefined, 'screen'), { replace: true });
  }, [gallery.state]);

  // Photos (and the live socket) only once the gallery may be shown: a gated one needs the pass first.
  const g = gallery.state === 'ready' ? gallery.gallery : null;
  const carousel = useMemo(() => (g ? screen.carousel(g) : null), [g?.id]);
  useEffect(() => (carousel && g ? screen.play(carousel, g.id) : undefined), [carousel]);
  usePageTitle(g ? t('carousel.pageTitle', { name: g.name }) : null);
  useEffect(() => {
    if (g) root.settings.setGalleryLocale(g.config.locale);
  }, [g?.id]);

  if (!linkId || gallery.state === 'notFound') return <NotFound />;
  if (gallery.state === 'error') {
    return <EmptyState text={t('common.LoadError')} action={{ label: t('common.retry'), onTap: () => void gallery.open({ link_id: linkId }) }} />;
  }
  if (!g || !carousel) return <View className="carousel" data-testid="screen-loading" />;
  return <Carousel store={carousel} gallery={g} />;
}

const Observed = observer(ScreenPage);

export default function Page() {
  return (
    <PageShell background="#000">
      <Observed />
    </PageShell>
  );
}
