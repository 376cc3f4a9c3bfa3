import { useEffect, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { createGuideStore } from '../../stores/blocks/factory';
import { isActiveLink } from '../../stores/links/follow';
import { imageUrl } from '../../utils/image';
import { windowWidth } from '../../platform/env';
import { useLinkFollower } from '../useLink';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import './guide.scss';

/**
 * `guide`: the leading (splash) page over the whole screen when the page opens: the picture (a tap
 * follows its link), and the skip bar with the seconds left in the organiser's colour and opacity.
 * With autoPlay it closes by itself when the countdown ends. GuideStore has the rules.
 */
function Guide({ id, props, ctx }: PageComponentRenderProps<'guide'>) {
  const follow = useLinkFollower(ctx);
  const seconds = Math.max(1, Math.round(Number(props.duration) || 5));
  const [store] = useState(() => createGuideStore(ctx.gallery.link_id, id, seconds, props.autoPlay !== false));
  const image = typeof props.image === 'string' && props.image ? props.image : null;
  useEffect(() => {
    if (image) store.start();
    return () => store.dispose();
  }, [store, image]);
  if (!image || !store.open) return null;
  const link = isActiveLink(props.link) ? props.link : undefined;
  // Without autoPlay the bar is the only way on: it always shows.
  const bar = props.showBar !== false || props.autoPlay === false;
  const opacity = Math.min(1, Math.max(0, Number(props.opacity ?? 0.5)));
  return (
    <View className="guide" data-testid="guide" catchMove>
      <Image
        className="guide__image"
        data-testid="guide-image"
        src={imageUrl(image, windowWidth() > 800 ? 'wx_1920_n' : 'wx_750_n', ctx.gallery.id)}
        mode="aspectFill"
        onClick={link ? () => {
          store.close();
          follow(link);
        } : undefined}
      />
      {bar ? (
        <View className="guide__skip" data-testid="guide-skip" data-seconds={store.secondsLeft} role="button" onClick={() => store.close()}>
          <View className="guide__skip-bg" style={{ background: props.barColor || '#000000', opacity }} />
          <Text className="guide__skip-text">{store.secondsLeft > 0 ? t('guide.skipIn', { num: store.secondsLeft }) : t('guide.skip')}</Text>
        </View>
      ) : null}
    </View>
  );
}

export default observer(Guide);
