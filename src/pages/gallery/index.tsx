import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { useStores, usePageStores } from '../../stores/RootStore';
import { AlbumPageShell } from '../../components/page-shell';
import { GalleryHeader } from '../../components/gallery-header';
import { BottomNav } from '../../components/bottom-nav';
import { EmptyState } from '../../components/empty-state';
import { NotFound } from '../../components/not-found';
import { PageRenderer } from '../../page-components/PageRenderer';
import { deferred } from '../../components/deferred';
import PayQr from '../../components/pay-qr/deferred';
import { PosterHost } from '../../components/poster';
import FaceDialog from '../../components/face-dialog/deferred';
import LoginPrompt from '../../components/login-prompt';
import { visibleTabs, showNavigator, tabAction, type TabIndex } from '../../stores/gallery/navTabs';
import { tabAction as gatedTab } from '../../stores/login/loginGate';
import { galleryKeyFromParams, pageDataOf, navigatorOf } from '../../stores/gallery/galleryPage';
import { permissionUrl } from '../../stores/gallery/galleryGate';
import { openUrl } from '../../platform/navigate';
import { scrollToTop } from '../../platform/scroll';
import { usePageTitle } from '../../platform/title';
import { dismissBootSkeleton } from '../../platform/boot';
import { t } from '../../i18n';
import { useGalleryAround } from './useGalleryAround';
import { useLiveAlbum } from './useLiveAlbum';
import { PAGE_DANMAKU_SHARE, usePageDanmaku } from '../../components/danmaku/usePageDanmaku';
import { usePageComments } from '../../components/comments/usePageComments';
import { usePageShare } from '../../components/share/usePageShare';
import { galleryShareContent, pageSharable } from '../../stores/pendant/GalleryShareStore';
import CommentButton from '../../components/comments/CommentButton';
import RedPacketPlusButton from '../../components/redpacket/RedPacketPlusButton';
import './index.scss';

/** The viewer's code loads with the first photo opened. */
const Viewer = deferred(() => import('../../components/viewer'));
/** My Photo, Following and search results load when first shown (face search, issue 13). */
const FaceContent = deferred(() => import('../../page-components/face'));
/** The bullet-screen layer loads when first switched on. */
const DanmakuLayer = deferred(() => import('../../components/danmaku'));
/** Red packets (issue 15): their code loads only for a gallery with use_package on. */
const RedPackets = deferred(() => import('../../components/redpacket'));
/** The comment sheet loads when first opened; the popup comments with a gallery that takes comments. */
const CommentSheet = deferred(() => import('../../components/comments/CommentSheet'));
const PopupComments = deferred(() => import('../../components/comments/PopupComments'));

/** /g/{link_id}, /g/{link_id}/original/{val}, /gti/…, /g/{linkid}/visit/{parentid}, legacy /wx/gallery?id=. */
function GalleryPage() {
  const params = useRouter().params as Record<string, string | undefined>;
  const { session, settings, clock, loginPrompt } = useStores();
  const { gallery: store, viewer, events: pageEvents, face } = usePageStores();
  const key = useMemo(() => galleryKeyFromParams(params), [params.link_id, params.gti, params.id, params.scene]);
  const [tab, setTab] = useState<TabIndex>(0);

  useEffect(() => {
    if (!session.ready) return;
    if (session.sysinfo) clock.sync(session.sysinfo.srv_time);
    if (key) void store.open(key);
  }, [key, session.ready]);

  // A gated gallery without the pass: on to its permission page (issue 5 item 5).
  useEffect(() => {
    if (store.state === 'gated' && store.gate) openUrl(permissionUrl(store.gate.gallery_id, params.original), { replace: true });
  }, [store.state]);

  // The album's first render (header, page components, the first photos) is the page's biggest
  // piece of work: it renders deferred, in a transition React splits into short slices, so the
  // main thread stays free for taps meanwhile (the server's first screen shows until it is done).
  const g = useDeferredValue(store.gallery);
  const around = useGalleryAround(g, store.children, params.parentid);
  useLiveAlbum(g?.id);
  const danmaku = usePageDanmaku(g);
  const comments = usePageComments(g);
  usePageTitle(g?.name);
  // What the menus share (WeChat's browser: the JS-SDK; the mini-program: its share menu and the share pendant's button).
  const sharable = pageSharable(g, session.sysinfo?.share_off === true);
  usePageShare(g ? galleryShareContent(g) : null, sharable);
  useEffect(() => {
    if (g) settings.setGalleryLocale(g.config.locale);
  }, [g?.id]);

  // A search's results (or the album again) start at the top.
  const foundSeen = useRef(face.found);
  useEffect(() => {
    if (foundSeen.current === face.found) return;
    foundSeen.current = face.found;
    scrollToTop(0);
  }, [face.found]);

  // The server's first screen gives way once there is something of the gallery to show.
  const shown = !key || !!g || store.state === 'notFound' || store.state === 'error';
  useEffect(() => {
    if (shown) dismissBootSkeleton();
  }, [shown]);

  if (!key || store.state === 'notFound') return <NotFound />;
  if (store.state === 'error') {
    return <EmptyState text={t('common.LoadError')} art="error" action={{ label: t('common.retry'), onTap: () => void store.open(key) }} />;
  }
  if (!g || store.state === 'loading' || store.state === 'gated') return <View className="gallery-page gallery-page--loading" data-testid="gallery-loading" />;

  const pagedata = pageDataOf(g);
  const tabs = visibleTabs({ config: g.config, navigator: navigatorOf(pagedata), orderContext: !!params.from, hasParent: g.parent > 0 });
  const navShown = showNavigator(tabs);
  // The bar also shows for buttons docked in it (pendants, back-to-top) when there are no tabs.
  const barShown = navShown || pageEvents.dockSlots > 0;
  const onTab = async (i: TabIndex) => {
    // Tabs 2, 3, 4 and 5 need a real user (part 3 §6): the shared 'WeChat authorisation' prompt first.
    if (tabs.find((x) => x.index === i)?.needsLogin && !(await loginPrompt.requireLogin(gatedTab(i)))) return;
    const action = tabAction(i, tab, g, { from: params.from, from_id: params.from_id });
    if (action.kind === 'open') openUrl(action.url);
    else if (action.kind === 'switch') setTab(action.index);
  };

  return (
    <View
      className={`gallery-page${barShown ? ' gallery-page--with-nav' : ''}${pageEvents.commentBar ? ' gallery-page--comment-bar' : ''}`}
      style={{ background: g.config.theme.background }}
    >
      {tab === 0 && !face.found ? (
        <>
          {around.backBar}
          <GalleryHeader gallery={g} status={store.status!} photoCount={store.photoCount} onSwitch={around.onSwitch} />
          <PageRenderer pagedata={pagedata} context={{ gallery: g, children: store.children, navShown, navTabs: tabs.length }} />
        </>
      ) : null}
      <FaceContent wanted={tab !== 0 || !!face.found} view={tab === 2 ? 'mine' : tab === 3 ? 'following' : 'found'} gallery={g} />
      {barShown ? <BottomNav tabs={navShown ? tabs : []} active={tab} color={g.config.theme.main} onTap={(x) => void onTab(x.index)} /> : null}
      {around.panel}
      {danmaku.on && danmaku.store && !viewer.isOpen ? (
        <DanmakuLayer wanted store={danmaku.store} fit="page" share={PAGE_DANMAKU_SHARE} className="danmaku--page" />
      ) : null}
      {/* The plus button sits in the comment send bar; a gallery without comments docks its own. */}
      <RedPackets wanted={g.config.use_package === 1} gallery={g} docked={!comments} />
      {comments && !viewer.isOpen && !comments.sheetOpen ? <PopupComments wanted galleryId={g.id} /> : null}
      {comments && !viewer.isOpen ? <CommentButton store={comments} className="comment-button--page" testId="gallery-comment-button" /> : null}
      <Viewer wanted={viewer.isOpen} />
      {comments ? <CommentSheet wanted={comments.sheetOpen} store={comments} plus={<RedPacketPlusButton gallery={g} />} /> : null}
      <LoginPrompt />
      <PayQr />
      <PosterHost />
      <FaceDialog host={face} />
    </View>
  );
}

const Observed = observer(GalleryPage);

export default function Page() {
  return (
    <AlbumPageShell ownsFirstScreen>
      <Observed />
    </AlbumPageShell>
  );
}
