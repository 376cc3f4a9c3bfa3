import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { isActiveLink } from '../../stores/links/follow';
import { useLinkFollower } from '../useLink';
import { Icon } from '../../components/icon';
import type { PageComponentRenderProps } from '../types';
import './tips.scss';

/** Width of the text line in design px (750 wide): banner minus paddings, icon and arrow. */
const LINE_WIDTH = 750 - 2 * 24 - 36 - 16 - 40;
const FONT = 26;
/** Marquee speed in design px per second. */
const SPEED = 120;

/** Estimated text width in design px: wide (CJK) characters one em, others about half. */
export function textWidth(text: string, font = FONT): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\uffff]/.test(ch) ? font : font * 0.55;
  return w;
}

/** A long text scrolls across the banner: seconds for one pass, or 0 when it fits. */
export function marqueeSeconds(text: string): number {
  const w = textWidth(text);
  if (w <= LINE_WIDTH) return 0;
  return Math.round((w + LINE_WIDTH) / SPEED);
}

/** One-line banner with an icon; long text scrolls; the banner may link somewhere. */
function Tips({ props, ctx }: PageComponentRenderProps<'tips'>) {
  const follow = useLinkFollower(ctx);
  const text = typeof props.text === 'string' ? props.text.trim() : '';
  if (!text) return null;
  const seconds = marqueeSeconds(text);
  const link = isActiveLink(props.link) ? props.link : undefined;
  return (
    <View className="tips" data-testid="tips" onClick={link ? () => follow(link) : undefined}>
      <Icon name="bell" className="tips__icon" color={ctx.theme.main} />
      <View className="tips__line">
        <Text
          className={seconds ? 'tips__text tips__text--scroll' : 'tips__text'}
          data-testid="tips-text"
          style={seconds ? { animationDuration: `${seconds}s` } : undefined}
        >
          {text}
        </Text>
      </View>
      {link ? <View className="tips__arrow" data-testid="tips-link" /> : null}
    </View>
  );
}

export default observer(Tips);
