import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { DanmakuStore } from '../../stores/danmaku/DanmakuStore';
import type { Bullet } from '../../stores/danmaku/DanmakuEngine';
import { laneHeightPx } from '../../stores/danmaku/danmakuRules';
import { danmakuStage, type DanmakuFit } from '../../platform/danmaku';
import { t } from '../../i18n';
import './danmaku.scss';

interface Props {
  store: DanmakuStore;
  fit: DanmakuFit;
  /** Share of the visible height the layer covers (its CSS height says the same). */
  share: number;
  className?: string;
  now?: () => number;
}

/**
 * One message: drawn once with its lane, size and colour, then moved by a CSS animation
 * (translate3d, on the compositor) for its duration. A message mounted late (a layer shown again)
 * starts its animation part-way through, where the engine's clock has it. The text is a text node:
 * markup in a message shows as typed. An observer (memoised; the question tag follows the language).
 */
const BulletView = observer(function BulletView({ bullet, scale, now }: { bullet: Bullet; scale: number; now: () => number }) {
  const [style] = useState(() => ({
    top: `${Math.round(bullet.lane * laneHeightPx(scale))}px`,
    fontSize: `${Math.round(bullet.size * scale)}px`,
    lineHeight: `${Math.round(laneHeightPx(scale))}px`,
    color: bullet.color,
    animationDuration: `${bullet.duration}ms`,
    animationDelay: `${-Math.max(0, Math.min(bullet.duration, now() - bullet.start))}ms`
  }));
  return (
    <View
      className={`danmaku-bullet danmaku-bullet--${bullet.kind}`}
      data-testid="danmaku-bullet"
      data-kind={bullet.kind}
      data-size={bullet.size}
      style={style}
    >
      {bullet.kind === 'question' ? <Text className="danmaku-bullet__tag">{t('danmaku.question')}</Text> : null}
      <Text className="danmaku-bullet__text">{bullet.text}</Text>
    </View>
  );
});

/** The bullet-screen layer (part 3 §2, §4): the same renderer in H5 and the mini-program. */
function DanmakuLayer({ store, fit, share, className, now = Date.now }: Props) {
  const [stage] = useState(() => danmakuStage(fit, share));
  useEffect(() => store.setStage(stage), [store, stage]);
  return (
    <View
      className={`danmaku${className ? ` ${className}` : ''}`}
      style={{ height: `${stage.height}px` }}
      data-testid="danmaku"
      data-count={store.bullets.length}
      aria-hidden="true"
    >
      {store.bullets.map((b) => (
        <BulletView key={b.key} bullet={b} scale={stage.scale} now={now} />
      ))}
    </View>
  );
}

export default observer(DanmakuLayer);
