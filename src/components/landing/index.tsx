import { useEffect, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { createLandingStore } from '../../stores/gallery/LandingStore';
import { useStores } from '../../stores/RootStore';
import { imageUrl } from '../../utils/image';
import { openUrl } from '../../platform/navigate';
import { usePageTitle } from '../../platform/title';
import { t } from '../../i18n';
import { EmptyState } from '../empty-state';
import './index.scss';

/** The root address in a browser (issue 12, Experience 7): what this server hosts, the demo, the public events. */
export const Landing = observer(function Landing() {
  const [store] = useState(() => createLandingStore());
  const { settings } = useStores();
  useEffect(() => {
    void store.load();
  }, [store]);
  usePageTitle(t('landing.title'));

  const data = store.data;
  return (
    <View className="landing" data-testid="landing">
      <View className="landing__hero">
        <Text className="landing__title">{t('landing.title')}</Text>
        <Text className="landing__intro">{t('landing.intro')}</Text>
        {data?.demo ? (
          <View className="landing__demo" data-testid="landing-demo" onClick={() => openUrl(`/g/${data.demo}`)}>
            <Text>{t('landing.demo')}</Text>
          </View>
        ) : null}
      </View>
      {store.state === 'error' ? <EmptyState text={t('common.LoadError')} action={{ label: t('common.retry'), onTap: () => void store.load() }} /> : null}
      {data ? (
        <View className="landing__events">
          <Text className="landing__heading">{t('landing.events')}</Text>
          {data.events.length === 0 ? <Text className="landing__none" data-testid="landing-no-events">{t('landing.noEvents')}</Text> : null}
          <View className="landing__grid">
            {data.events.map((e) => (
              <View key={e.link_id} className="landing__event" data-testid="landing-event" onClick={() => openUrl(`/g/${e.link_id}`)}>
                <View className="landing__cover">{e.cover ? <Image className="landing__img" src={imageUrl(e.cover, 'wx_375_240')} mode="aspectFill" /> : null}</View>
                <Text className="landing__name">{e.name}</Text>
                <Text className="landing__count">{t('landing.photos', { count: e.image_total })}</Text>
              </View>
            ))}
          </View>
        </View>
      ) : null}
    </View>
  );
});
