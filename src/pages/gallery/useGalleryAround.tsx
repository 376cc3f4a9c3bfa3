import { useEffect, useRef, useState } from 'react';
import { reaction } from 'mobx';
import { useDidHide, useDidShow, useUnload } from '@tarojs/taro';
import type { Gallery } from '../../../types/api/gallery';
import { useStores, usePageStores } from '../../stores/RootStore';
import { GallerySwitchPanel } from '../../components/gallery-switch';
import { VisitBackBar } from '../../components/visit-back';
import { galleryUrl } from '../../routes';
import { openUrl } from '../../platform/navigate';

/**
 * What surrounds a gallery page's photos: the visit is recorded and a 'page'
 * stat sent when it opens, photos the viewer shows count as image views, the
 * counts refresh when the page shows again, stats flush when it hides; the
 * switch panel and, for /g/{linkid}/visit/{parentid}, the way back to the parent.
 */
export function useGalleryAround(g: Gallery | null, children: Gallery[], parentid: string | undefined) {
  const { stats, visits, directory } = useStores();
  const { gallery: store, viewer } = usePageStores();
  const [panelOpen, setPanelOpen] = useState(false);

  useEffect(() => {
    if (!g) return;
    stats.pageView(g.link_id);
    // Record first, so the avatar strip counts this visit too.
    void visits.record(g.link_id, parentid).then(() => visits.loadLatest(g.link_id));
    directory.remember(children);
    if (g.parent > 0 && g.parent_link_id) void directory.loadChildren(g.parent_link_id);
    if (parentid && /^\d{1,10}$/.test(parentid)) void directory.ensure([Number(parentid)]);
  }, [g?.id]);

  // Every photo the viewer shows (opening it, or moving to another) is an image view.
  const linkId = g?.link_id;
  useEffect(() => {
    if (!linkId) return;
    return reaction(
      () => viewer.current?.id,
      (id) => {
        if (id) stats.imageView(linkId, id);
      },
      { fireImmediately: true }
    );
  }, [linkId, viewer]);

  const shownBefore = useRef(false);
  useDidShow(() => {
    if (shownBefore.current) void store.refresh();
    shownBefore.current = true;
  });
  useDidHide(() => void stats.flush());
  useUnload(() => void stats.flush());

  if (!g) return { onSwitch: undefined, backBar: null, panel: null };

  const targets = directory.switchTargets(g, children);
  const parent = parentid ? (/^\d+$/.test(parentid) ? directory.byId.get(Number(parentid)) : undefined) : undefined;
  const parentLink = parent?.link_id ?? (parentid && !/^\d+$/.test(parentid) ? parentid : g.parent_link_id);
  const theme = g.config.theme;

  return {
    onSwitch: targets.length ? () => setPanelOpen(true) : undefined,
    backBar:
      parentid && parentLink ? (
        <VisitBackBar parentName={parent?.name ?? null} color={theme.h1} onTap={() => openUrl(`/g/${parentLink}`)} />
      ) : null,
    panel: (
      <GallerySwitchPanel
        open={panelOpen}
        galleries={targets}
        currentId={g.id}
        main={theme.main}
        onClose={() => setPanelOpen(false)}
        onSwitch={(target) => {
          setPanelOpen(false);
          openUrl(galleryUrl(target), { replace: true });
        }}
      />
    )
  };
}
