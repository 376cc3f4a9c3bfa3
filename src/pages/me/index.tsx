import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { OptionRow } from '../../components/option-row';
import { Avatar } from '../../components/avatar';
import { RecentVisitCard } from '../../components/recent-visit';
import VisitHistoryPanel from '../../components/visit-history';
import LoginPrompt from '../../components/login-prompt';
import { openUrl } from '../../platform/navigate';
import { buildUrl } from '../../../types/routes';
import { MeFooter, orderUrl } from '../../components/me-footer';
import { DEFAULT_THEME } from '../../../types/api/gallery';
import { t, type MessageKey } from '../../i18n';
import type { LocalSettings } from '../../stores/settings/SettingsStore';
import './index.scss';

const LANGS: LocalSettings['language'][] = ['system', 'zh-CN', 'en-US'];
const MODES: LocalSettings['mode'][] = ['system', '1', '2', '4', 'flow', 'waterfall'];
const ORDERS: LocalSettings['order'][] = ['system', 'asc', 'desc'];

const label = (prefix: string, v: string): string => t((v === 'system' ? 'opt.system' : `${prefix}${v}`) as MessageKey);

/** /page/me: who I am and my device settings (language, photo layout, photo sort). */
const Me = observer(function Me() {
  const { session, settings, visits, loginPrompt } = useStores();
  const user = session.user;
  const [historyOpen, setHistoryOpen] = useState(false);
  useEffect(() => {
    if (session.ready) void visits.loadLast();
  }, [session.ready]);
  return (
    <PageFrame title={t('page.me')} testId="page-me">
      <View className="me-head">
        <Avatar src={user?.photo} name={user && !user.is_mock ? user.nickname : ''} seed={user?.openid} className="me-head__avatar" testId="me-avatar" />
        <Text className="me-head__name" data-testid="me-name">
          {user && !user.is_mock && user.nickname ? user.nickname : t('me.guest')}
        </Text>
        {session.isGuest ? (
          <Text className="me-head__login" data-testid="me-login" onClick={() => void loginPrompt.requireLogin('tab_me')}>
            {t('me.login')}
          </Text>
        ) : null}
      </View>
      {visits.last ? (
        <RecentVisitCard visit={visits.last} color={DEFAULT_THEME.main} onGo={() => openUrl(`/g/${visits.last!.link_id}`)} />
      ) : null}
      <View className="me-menu">
        <View className="me-menu__row" data-testid="me-history" onClick={() => setHistoryOpen(true)}>
          <Text className="me-menu__title">{t('history.title')}</Text>
          <Text className="me-menu__arrow">›</Text>
        </View>
        <View className="me-menu__row" data-testid="me-find" onClick={() => openUrl(buildUrl('find', visits.last ? { link_id: visits.last.link_id } : {}))}>
          <Text className="me-menu__title">{t('me.find')}</Text>
          <Text className="me-menu__arrow">›</Text>
        </View>
        <OptionRow testId="me-language" title={t('me.language')} value={settings.language} options={LANGS.map((v) => ({ value: v, label: label('opt.', v) }))} onChange={(v) => settings.set('language', v)} />
        <OptionRow testId="me-layout" title={t('me.layout')} value={settings.mode} options={MODES.map((v) => ({ value: v, label: label('opt.mode.', v) }))} onChange={(v) => settings.set('mode', v)} />
        <OptionRow testId="me-sort" title={t('me.sort')} value={settings.order} options={ORDERS.map((v) => ({ value: v, label: label('opt.order.', v) }))} onChange={(v) => settings.set('order', v)} />
      </View>
      <MeFooter orderUrl={orderUrl(visits.last?.link_id)} />
      <VisitHistoryPanel open={historyOpen} color={DEFAULT_THEME.main} onClose={() => setHistoryOpen(false)} />
      <LoginPrompt />
    </PageFrame>
  );
});

export default function Page() {
  return (
    <PageShell>
      <Me />
    </PageShell>
  );
}
