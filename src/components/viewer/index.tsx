import { useEffect, useRef, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Photo } from '../../../types/api/photo';
import { usePageStores } from '../../stores/RootStore';
import { VIEWER } from '../../stores/viewer/viewerConstants';
import { onViewerKey, viewerKeysSupported } from '../../platform/keys';
import { photoCellRect, type Rect } from '../../platform/rect';
import { viewportSize } from '../../platform/env';
import OverlayBack from '../../platform/overlay-back';
import { t } from '../../i18n';
import Stage from './Stage';
import { useStageGestures } from './useStageGestures';
import ThumbStrip from './ThumbStrip';
import MaybeStrip from './MaybeStrip';
import InfoBar from './InfoBar';
import { Icon } from '../icon';
import DanmakuLayer from '../danmaku';
import { PAGE_DANMAKU_SHARE, usePageDanmaku } from '../danmaku/usePageDanmaku';
import { getDanmakuSwitch } from '../../stores/danmaku/factory';
import CommentButton from '../comments/CommentButton';
import { ViewerShareControl } from './ShareControl';
import { ShareSheet } from '../share-sheet';
import { createShareSheetStore } from '../../stores/share/sheetFactory';
import { usePageComments } from '../comments/usePageComments';
import './viewer.scss';

type Phase = 'closed' | 'entering' | 'open' | 'leaving';

/** Transform that puts the full-screen photo over its grid cell (or a small fade-zoom without one). */
function zoomedOut(rect: Rect | null): string {
  if (!rect) return 'scale(0.85)';
  const { width: w, height: h } = viewportSize();
  const dx = rect.left + rect.width / 2 - w / 2;
  const dy = rect.top + rect.height / 2 - h / 2;
  return `translate3d(${dx}px, ${dy}px, 0) scale(${Math.max(0.05, rect.width / w)})`;
}

/**
 * The full-screen photo viewer of the page (spec part 1 §2 big-photo and
 * big-picture viewer, §4). Mounted once per page; shown while the page's
 * ViewerStore is open, zooming from and back to the tapped cell.
 */
function Viewer() {
  const { viewer, gallery } = usePageStores();
  const danmaku = usePageDanmaku(gallery.gallery);
  const comments = usePageComments(gallery.gallery);
  const isOpen = viewer.isOpen;
  const [phase, setPhase] = useState<Phase>('closed');
  const [shareSheet] = useState(createShareSheetStore);
  const last = useRef<Photo | null>(null);
  const wasOpen = useRef(false);
  const origin = useRef<Rect | null>(null);
  const gestures = useStageGestures(viewer, () => void viewer.offerSave(gallery.gallery?.config));
  if (viewer.current) last.current = viewer.current;
  // Measured while rendering, so the first frame of an opening (or closing) already sits over the cell.
  if (isOpen !== wasOpen.current) {
    origin.current = last.current ? photoCellRect(last.current.id) : null;
    wasOpen.current = isOpen;
  }

  useEffect(() => {
    if (isOpen) {
      setPhase('entering');
      // Two frames later, so the browser has drawn the zoomed-out start of the transition.
      const timer = setTimeout(() => setPhase('open'), 34);
      return () => clearTimeout(timer);
    }
    if (phase === 'closed') return undefined;
    setPhase('leaving');
    const timer = setTimeout(() => setPhase('closed'), VIEWER.ZOOM_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);

  // A page that goes away stops its slideshow.
  useEffect(() => () => viewer.stopSlideshow(), [viewer]);

  useEffect(() => {
    if (!isOpen || !viewerKeysSupported()) return undefined;
    return onViewerKey((key) => {
      if (key === 'Escape') viewer.close();
      else if (!viewer.wide) return;
      else if (key === 'ArrowLeft') viewer.prev();
      else viewer.next();
    });
  }, [isOpen, viewer]);

  if (phase === 'closed' && !isOpen) return null;
  const shown = isOpen && phase === 'open';
  const notice = viewer.notice;

  return (
    <View className={`viewer viewer--${isOpen ? phase : 'leaving'}${viewer.wide ? ' viewer--wide' : ''}`} data-testid="viewer" data-open={isOpen ? 'true' : 'false'}>
      <OverlayBack open={isOpen} onBack={() => viewer.close()} />
      {/* The backdrop takes the touches the stage cannot yet: while it zooms out of the tapped cell it covers only part of the screen. */}
      <View className="viewer__backdrop" data-testid="viewer-backdrop" style={{ opacity: shown ? 1 : 0 }} {...(isOpen ? gestures.handlers : {})} />
      <View className="viewer__zoom" style={{ transform: shown ? 'none' : zoomedOut(origin.current), opacity: shown || origin.current ? 1 : 0 }}>
        {isOpen ? (
          <Stage viewer={viewer} view={gestures.view} handlers={gestures.handlers} />
        ) : last.current ? (
          <View className="viewer-slide">
            <Image className="viewer-slide__image" src={viewer.displayUrl(last.current)} mode="aspectFit" />
          </View>
        ) : null}
      </View>
      {isOpen && danmaku.on && danmaku.store ? <DanmakuLayer store={danmaku.store} fit="page" share={PAGE_DANMAKU_SHARE} className="danmaku--viewer" /> : null}
      {isOpen ? (
        <>
          <View className="viewer__top">
            <Text className="viewer__position" data-testid="viewer-position">
              {t('viewer.position', { current: viewer.index + 1, total: Math.max(viewer.list?.total ?? 0, viewer.photos.length) })}
            </Text>
            {comments ? <CommentButton store={comments} className="viewer__comments" testId="viewer-comment-button" /> : null}
            {danmaku.offered ? (
              <View
                className={`viewer__danmaku${danmaku.on ? ' viewer__danmaku--on' : ''}`}
                data-testid="viewer-danmaku-toggle"
                aria-pressed={danmaku.on}
                onClick={() => getDanmakuSwitch().toggle()}
              >
                <Text>{t(danmaku.on ? 'danmaku.switchOn' : 'danmaku.switchOff')}</Text>
              </View>
            ) : null}
            <ViewerShareControl sheet={shareSheet} />
            <View className="viewer__close" data-testid="viewer-close" aria-label={t('viewer.close')} onClick={() => viewer.close()}>
              <Icon name="close" />
            </View>
          </View>
          {viewer.wide ? (
            <>
              <View className="viewer__arrow viewer__arrow--prev" data-testid="viewer-prev" aria-label={t('viewer.prev')} onClick={() => viewer.prev()}>
                <Icon name="chevron-left" />
              </View>
              <View className="viewer__arrow viewer__arrow--next" data-testid="viewer-next" aria-label={t('viewer.next')} onClick={() => viewer.next()}>
                <Icon name="chevron-right" />
              </View>
            </>
          ) : null}
          <View className="viewer__bottom">
            {/* With face recognition on, the people in the photo replace the thumbnails (spec part 1 §2). */}
            {viewer.stripShown ? gallery.gallery?.config?.use_face ? <MaybeStrip viewer={viewer} /> : <ThumbStrip viewer={viewer} /> : null}
            <InfoBar viewer={viewer} />
          </View>
        </>
      ) : null}
      {notice ? (
        <View className="viewer__toast" data-testid="viewer-toast">
          <Text>{t(notice.key)}</Text>
        </View>
      ) : null}
      {isOpen ? <ShareSheet store={shareSheet} /> : null}
    </View>
  );
}

export default observer(Viewer);
