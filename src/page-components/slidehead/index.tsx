import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { SLIDEHEAD_DEFAULTS, SLIDEHEAD_SINGLE_INTERVAL, type SlideheadItem } from '../../../types/page/slidehead';
import { pageImageUrl } from '../../utils/image';
import { isActiveLink } from '../../stores/links/follow';
import { useLinkFollower } from '../useLink';
import Slider from '../../platform/slider';
import { WIDE_SCREEN, windowWidth } from '../../platform/env';
import type { PageComponentRenderProps } from '../types';
import './slidehead.scss';

/** Autoplay interval: the configured one (5 s default); one slide never turns (1 h). */
export function slideInterval(count: number, interval: number): number {
  if (count <= 1) return SLIDEHEAD_SINGLE_INTERVAL;
  return interval > 0 ? interval : SLIDEHEAD_DEFAULTS.interval;
}

/** Head carousel with dots; height = width × ratio. */
function SlideHead({ props, ctx }: PageComponentRenderProps<'slidehead'>) {
  const follow = useLinkFollower(ctx);
  const items: SlideheadItem[] = (Array.isArray(props.items) ? props.items : []).filter((i) => i && typeof i.image === 'string' && i.image);
  if (items.length === 0) return null;
  const single = items.length === 1;
  const ratio = props.ratio > 0 ? props.ratio : SLIDEHEAD_DEFAULTS.ratio;
  // At the resolution it is shown: a wide screen's banner is over 1,000 px wide (the server preloads the same URLs).
  const wide = windowWidth() > WIDE_SCREEN;
  const style = wide ? 'wx_1920_n' : 'wx_750_n';
  return (
    <View className="slidehead" data-testid="slidehead" style={{ paddingTop: `${ratio * 100}%` }}>
      <Slider
        className="slidehead__swiper"
        dots={!single}
        dotColor="rgba(255, 255, 255, 0.5)"
        activeDotColor={ctx.theme.main}
        circular={!single}
        autoplay
        interval={slideInterval(items.length, props.interval)}
      >
        {items.map((item, i) => (
          <View key={`${item.image}-${i}`} className="slidehead__slide" data-testid="slidehead-slide" onClick={isActiveLink(item.link) ? () => follow(item.link) : undefined}>
            <Image className="slidehead__image" src={pageImageUrl(item.image, style, ctx.gallery.id)} mode={wide ? 'aspectFit' : 'aspectFill'} />
            {/* A wide screen's banner is lower than the image's ratio: the whole image (its text is part of it) over a blurred fill of itself. */}
            {wide ? <Image className="slidehead__backdrop" data-testid="slidehead-backdrop" src={pageImageUrl(item.image, style, ctx.gallery.id)} mode="aspectFill" /> : null}
          </View>
        ))}
      </Slider>
    </View>
  );
}

export default observer(SlideHead);
