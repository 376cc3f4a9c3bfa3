import { useEffect } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtTabs from 'taro-ui/lib/components/tabs';
import { useStores } from '../../stores/RootStore';
import { FIND_LOGIN_TABS, FIND_TABS, type FindStore, type FindTab } from '../../stores/find/FindStore';
import { faceImageUrl, imageUrl } from '../../utils/image';
import { openUrl } from '../../platform/navigate';
import { t } from '../../i18n';
import { EmptyState } from '../empty-state';
import { PhotoGrid, SpliceList } from './FindLists';
import './index.scss';

/** The Find page's followed people: the gallery's face list, or 'No friends'. */
const Friends = observer(function Friends({ store }: { store: FindStore }) {
  if (store.friendsState !== 'ready') return null;
  const friends = store.friends ?? [];
  return (
    <View className="find-friends" data-testid="find-friends">
      <Text className="find-friends__title">{t('find.friends')}</Text>
      {friends.length ? (
        <View className="find-friends__row">
          {friends.map((p) => (
            <View key={p.personid} className="find-friends__person" data-testid="find-friend" data-personid={p.personid}>
              <Image className="find-friends__face" src={faceImageUrl(p.faceurl)} mode="aspectFill" />
              <Text className="find-friends__name">{p.name}</Text>
            </View>
          ))}
        </View>
      ) : (
        <Text className="find-friends__none" data-testid="find-no-friends">
          {t('find.noFriends')}
        </Text>
      )}
    </View>
  );
});

/** Album history: the galleries I opened, newest first; a tap opens one again. */
const History = observer(function History() {
  const { visits } = useStores();
  return (
    <View className="find-list" data-testid="find-history">
      {visits.history.map((v) => (
        <View key={v.id} className="find-history__item" data-testid="find-history-item" data-link={v.link_id} onClick={() => openUrl(`/g/${v.link_id}`)}>
          {v.cover ? <Image className="find-history__cover" src={imageUrl(v.cover, 'wx_250_160', v.id)} mode="aspectFill" /> : <View className="find-history__cover" />}
          <Text className="find-history__name">{v.name}</Text>
        </View>
      ))}
      {visits.historyState === 'error' ? (
        <EmptyState text={t('common.LoadError')} art="error" testId="find-history-error" action={{ label: t('common.retry'), onTap: () => void visits.loadHistory(true) }} />
      ) : visits.historyState === 'noMore' && !visits.history.length ? (
        <EmptyState text={t('find.empty.history')} testId="find-history-empty" />
      ) : visits.historyState === 'more' ? (
        <Text className="find-list__more find-list__more--link" data-testid="find-history-more" onClick={() => void visits.loadHistory()}>
          {t('list.more')}
        </Text>
      ) : visits.historyState === 'loading' ? (
        <Text className="find-list__more">{t('list.loading')}</Text>
      ) : null}
    </View>
  );
});

/** What a guest sees on a tab that needs a login, until they log in. */
const LoginFirst = observer(function LoginFirst({ onLogin }: { onLogin: () => void }) {
  return <EmptyState text={t('find.login')} art="people" testId="find-login" action={{ label: t('me.login'), onTap: onLogin }} />;
});

/**
 * The Find-photos page (spec part 3 §2 item 14): four tabs, each opening its panel
 * (album history, splice posters, favourite photos, purchased photos, the last 30 a
 * page); guests log in for the visitor's own lists; below, the followed people.
 */
function FindPanel({ store, linkId }: { store: FindStore; linkId: string | null }) {
  const { session, visits, loginPrompt } = useStores();
  const guest = session.isGuest;
  const locked = (tab: FindTab) => guest && FIND_LOGIN_TABS.has(tab);

  const show = (tab: FindTab) => {
    if (locked(tab)) return;
    if (tab === 'history') void visits.loadHistory(true);
    else if (tab === 'splice') void store.splices.load(true);
    else if (tab === 'love') void store.loved.load(true);
    else void store.payed.load(true);
  };
  const choose = (tab: FindTab) => {
    store.open(tab);
    if (locked(tab)) void loginPrompt.requireLogin('tab_me').then((ok) => ok && show(tab));
    else show(tab);
  };
  useEffect(() => {
    if (!session.ready) return;
    show(store.tab);
    void (async () => {
      // Without a gallery of its own, the page follows the last visited album.
      if (!linkId && visits.last === undefined) await visits.loadLast();
      await store.loadFriends(linkId ?? visits.last?.link_id ?? null);
    })();
  }, [session.ready, guest]);

  const tab = store.tab;
  return (
    <View className="find" data-testid="find" data-tab={tab}>
      <AtTabs current={FIND_TABS.indexOf(tab)} tabList={FIND_TABS.map((k) => ({ title: t(`find.tab.${k}`) }))} onClick={(i: number) => choose(FIND_TABS[i])} />
      <View className="find__panel" data-testid={`find-panel-${tab}`}>
        {locked(tab) ? (
          <LoginFirst onLogin={() => choose(tab)} />
        ) : tab === 'history' ? (
          <History />
        ) : tab === 'splice' ? (
          <SpliceList list={store.splices} />
        ) : tab === 'love' ? (
          <PhotoGrid list={store.loved} empty="find.empty.love" testId="find-love" />
        ) : (
          <PhotoGrid list={store.payed} empty="find.empty.payed" testId="find-payed" />
        )}
      </View>
      <Friends store={store} />
    </View>
  );
}

export default observer(FindPanel);
