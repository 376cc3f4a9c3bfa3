import { useEffect } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores, usePageStores } from '../../stores/RootStore';
import { toast } from '../../platform/ui';
import { pageScrollOffset, scrollPageTo } from '../../platform/scroll';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import LoginPopup from './LoginPopup';
import ProfileSheet from './ProfileSheet';
import { resumeAfterLogin } from '../../stores/login/resume';
import { getPaymentStores } from '../../stores/pay/paymentStores';
import type { PhotoListStore } from '../../stores/photos/PhotoListStore';
import './index.scss';

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

/**
 * The one 'WeChat authorisation' dialog, shown while some action awaits
 * `loginPrompt.requireLogin()`: ok runs the login for this visitor's path (the
 * desktop QR popup, the phone's OAuth page, the mini-program code), cancel gives up.
 */
function LoginPrompt({ lists }: { lists?: PageLists }) {
  const { loginPrompt } = useStores();
  useReturnAfterRedirect(lists);
  if (!loginPrompt.isOpen) return null;
  const phase = loginPrompt.phase;
  if (phase === 'popup') return <LoginPopup store={loginPrompt} />;
  const profile = phase === 'profile';
  return (
    <BottomSheet
      placement="center"
      className="login-prompt"
      panelClassName={profile ? 'login-prompt__dialog login-profile' : 'login-prompt__dialog'}
      testId="login-prompt"
      panelTestId={profile ? 'login-profile' : undefined}
      dataset={{ reason: loginPrompt.reason ?? '', phase }}
      title={profile ? t('login.profileTitle') : t('login.title')}
      onClose={() => loginPrompt.cancel()}
      // Login hands over to a popup with an iframe and a full-page round trip: history steps there
      // race the iframe's own navigations, so Back stays with the page (the viewer under it) here.
      backCloses={false}
      maskClosable={phase === 'ask'}
      closable={false}
    >
      {profile ? (
        <ProfileSheet store={loginPrompt} />
      ) : (
        <>
          {loginPrompt.sandbox ? (
            <Text className="login-prompt__sandbox" data-testid="login-sandbox">
              {t('login.sandbox')}
            </Text>
          ) : null}
          <Text className="login-prompt__text" data-testid="login-prompt-text">
            {phase === 'unavailable' ? t('login.unavailable') : phase === 'working' ? t('login.working') : t('login.text')}
          </Text>
          <View className="login-prompt__actions">
            {phase === 'unavailable' ? (
              <View className="login-prompt__button login-prompt__button--ok" data-testid="login-prompt-close" onClick={() => loginPrompt.dismiss()}>
                <Text>{t('common.ok')}</Text>
              </View>
            ) : phase === 'ask' ? (
              <>
                <View className="login-prompt__button" data-testid="login-prompt-cancel" onClick={() => loginPrompt.cancel()}>
                  <Text>{t('common.cancel')}</Text>
                </View>
                <View className="login-prompt__button login-prompt__button--ok" data-testid="login-prompt-ok" onClick={() => void loginPrompt.confirm()}>
                  <Text>{t('common.ok')}</Text>
                </View>
              </>
            ) : null}
          </View>
        </>
      )}
    </BottomSheet>
  );
}

export default observer(LoginPrompt);
