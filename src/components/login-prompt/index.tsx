import { useEffect } from 'react';
import { observer } from 'mobx-react';
import { useStores, usePageStores } from '../../stores/RootStore';
import { toast } from '../../platform/ui';
import { pageScrollOffset, scrollPageTo } from '../../platform/scroll';
import { t } from '../../i18n';
import { deferred } from '../deferred';
import { resumeAfterLogin } from '../../stores/login/resume';
import { getPaymentStores } from '../../stores/pay/paymentStores';
import type { PhotoListStore } from '../../stores/photos/PhotoListStore';

/** Photo lists of a gallery on this page: by default those of the gallery page (the list cache). */
export type PageLists = (galleryId: number) => PhotoListStore[];

/**
 * A login that leaves the page (WeChat OAuth, the sandbox on a phone) keeps where the
 * visitor is: the page's scroll offset and the viewer's photo. After the reload they come
 * back there, and the tapped heart, PayToRemove or Download goes on with its toast.
 */
function useReturnAfterRedirect(pageLists?: PageLists) {
  const { session, loginPrompt, photoLists, directory } = useStores();
  const { viewer, gallery } = usePageStores();
  const lists = pageLists ?? ((id: number) => photoLists.listsOf(id));
  useEffect(
    () =>
      loginPrompt.places.trackPlace(() => {
        const p = viewer.current;
        return { scroll: pageScrollOffset() ?? 0, photo: p ? { id: p.id, gallery: p.galleryid } : undefined };
      }),
    [loginPrompt, viewer]
  );
  const ready = session.ready;
  useEffect(() => {
    if (!ready) return;
    void resumeAfterLogin(loginPrompt, {
      likes: viewer.likes,
      onLiked: () => toast(t('viewer.loved')),
      viewer,
      lists,
      galleryOf: (id) => (gallery.gallery?.id === id ? gallery.gallery : gallery.children.find((g) => g.id === id) ?? directory.byId.get(id) ?? null),
      payment: () => getPaymentStores(),
      pageLists: () => (gallery.gallery ? lists(gallery.gallery.id) : []),
      scrollTo: scrollPageTo
    });
  }, [ready]);
}

/** The dialog's code (sheet, QR popup, profile form) loads when a login is first asked for. */
const Dialog = deferred(() => import('./LoginDialog'));

/**
 * The one 'WeChat authorisation' dialog, shown while some action awaits
 * `loginPrompt.requireLogin()` (LoginDialog.tsx), and the return to the visitor's place
 * after a login that left the page.
 */
function LoginPrompt({ lists }: { lists?: PageLists }) {
  const { loginPrompt } = useStores();
  useReturnAfterRedirect(lists);
  return <Dialog wanted={loginPrompt.isOpen} />;
}

export default observer(LoginPrompt);
