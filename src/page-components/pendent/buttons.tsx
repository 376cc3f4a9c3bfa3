import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PendentButton } from '../../../types/page/pendent';
import type { PendantActionKey } from '../../stores/pendant/pendantRules';
import { badgeText } from '../../stores/pendant/pendantRules';
import { Icon, type IconName } from '../../components/icon';
import { ShareButton } from '../../platform/share-button';
import { pageImageUrl } from '../../utils/image';
import { t, type MessageKey } from '../../i18n';

/** A pendant as the bar shows it: a configured button, or the desktop's lucky-draw button. */
export type PendantItem = Omit<PendentButton, 'type' | 'child'> & { type: PendantActionKey };

const GLYPH: Record<Exclude<PendantActionKey, 'lang'>, IconName> = {
  download: 'download',
  good: 'heart',
  refresh: 'reload',
  setting: 'settings',
  people: 'search',
  event: 'calendar',
  custom: 'link',
  order: 'shopping-bag',
  jigsaw: 'image',
  redpackage: 'money',
  share: 'share',
  top: 'arrow-up',
  lucky: 'star'
};

const LABEL: Record<PendantActionKey, MessageKey> = {
  download: 'pendent.download',
  good: 'pendent.good',
  refresh: 'pendent.refresh',
  setting: 'pendent.setting',
  lang: 'pendent.lang',
  people: 'pendent.people',
  event: 'pendent.event',
  custom: 'pendent.custom',
  order: 'pendent.order',
  jigsaw: 'pendent.jigsaw',
  redpackage: 'pendent.redpackage',
  share: 'pendent.share',
  top: 'pendent.top',
  lucky: 'pendent.lucky'
};

/** What a screen reader says for the button (the good button says its count too). */
export function pendantLabel(b: PendantItem, count = 0): string {
  if (b.type === 'good' && count > 0) return `${t(LABEL.good)} · ${t('pendent.goodCount', { num: count })}`;
  return t(LABEL[b.type]);
}

/** The button's face: its picture (an organiser's image), the language's short name, or a glyph. */
export const PendantFace = observer(function PendantFace({ b, count = 0, galleryId }: { b: PendantItem; count?: number; galleryId: number }) {
  if (b.image) return <Image className="pendent__image" src={pageImageUrl(b.image, 'avatar_150', galleryId)} mode="aspectFill" />;
  if (b.type === 'lang') return <Text className="pendent__lang">{t('pendent.langShort')}</Text>;
  return <Icon name={b.type === 'good' && count > 0 ? 'heart-2' : GLYPH[b.type]} className="pendent__icon" />;
});

/** The count over a button (spec part 3 §9: capped at 99, shown as 99+); nothing for none. */
export function PendantBadge({ type, count = 0 }: { type: PendantActionKey; count?: number }) {
  const badge = badgeText(count);
  return badge ? (
    <Text className="pendent__badge" data-testid={`pendent-badge-${type}`}>
      {badge}
    </Text>
  ) : null;
}

/** The slot of a button docked in the bar (share: the platform's share button, whose `onShare` runs in browsers). */
export const PendantSlot = observer(function PendantSlot({ b, count, galleryId, onTap, onShare }: { b: PendantItem; count?: number; galleryId: number; onTap: () => void; onShare: () => void }) {
  const face = (
    <>
      <View className={`pendent__button pendent__button--${b.type}`}>
        <PendantFace b={b} count={count} galleryId={galleryId} />
      </View>
      <PendantBadge type={b.type} count={count} />
    </>
  );
  if (b.type === 'share') {
    return (
      <ShareButton className="pendent__slot" onTap={onTap} onShare={onShare} testId="pendent-share" label={pendantLabel(b)}>
        {face}
      </ShareButton>
    );
  }
  return (
    <View className="pendent__slot" data-testid={`pendent-${b.type}`} aria-label={pendantLabel(b, count)} role="button" onClick={onTap}>
      {face}
    </View>
  );
});

/** A row of the fold-out more-menu (share: the platform's share button). */
export const PendantMenuItem = observer(function PendantMenuItem({ b, count, galleryId, onTap, onShare }: { b: PendantItem; count?: number; galleryId: number; onTap: () => void; onShare: () => void }) {
  const body = (
    <>
      <View className="pendent__menu-icon">
        <PendantFace b={b} count={count} galleryId={galleryId} />
        <PendantBadge type={b.type} count={count} />
      </View>
      <Text className="pendent__menu-label">{pendantLabel(b)}</Text>
    </>
  );
  if (b.type === 'share') {
    return (
      <ShareButton className="pendent__menu-item" onTap={onTap} onShare={onShare} testId="pendent-share" label={pendantLabel(b)}>
        {body}
      </ShareButton>
    );
  }
  return (
    <View className="pendent__menu-item" data-testid={`pendent-${b.type}`} role="button" onClick={onTap}>
      {body}
    </View>
  );
});
