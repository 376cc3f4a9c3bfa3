import { observer } from 'mobx-react';
import { useEffect, useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import type { Gallery } from '../../../types/api/gallery';
import { t } from '../../i18n';
import { imageUrl } from '../../utils/image';
import { formatCount } from '../../utils/format';
import { EmptyState } from '../empty-state';
import { BottomSheet } from '../bottom-sheet';
import './index.scss';

export type SwitchTab = 'photo' | 'video';

interface Props {
  open: boolean;
  /** The galleries to switch between (the page's sub-galleries or siblings). */
  galleries: Gallery[];
  /** The gallery shown now: marked, and selected first. */
  currentId: number;
  main: string;
  onClose: () => void;
  onSwitch: (g: Gallery) => void;
}

/**
 * Gallery switch panel (spec part 1 §2): live-photo and live-video tabs; pick a
 * gallery, then 'Switch Gallery'. Live videos arrive later: that tab shows its empty state.
 */
export const GallerySwitchPanel = observer(function GallerySwitchPanel({ open, galleries, currentId, main, onClose, onSwitch }: Props) {
  const [tab, setTab] = useState<SwitchTab>('photo');
  const [selected, setSelected] = useState<number>(currentId);
  useEffect(() => {
    if (open) setSelected(currentId);
  }, [open, currentId]);
  if (!open) return null;

  const target = galleries.find((g) => g.id === selected);
  const canSwitch = tab === 'photo' && !!target && target.id !== currentId;
  const tabs: Array<{ key: SwitchTab; label: string }> = [
    { key: 'photo', label: t('switch.livePhoto') },
    { key: 'video', label: t('switch.liveVideo') }
  ];

  return (
    <BottomSheet
      className="gallery-switch"
      panelClassName="gallery-switch__sheet"
      bodyClassName="gallery-switch__body"
      testId="gallery-switch"
      maskTestId="gallery-switch-mask"
      closeTestId="gallery-switch-close"
      title={t('switch.title')}
      onClose={onClose}
      scroll
      header={
        <View className="gallery-switch__tabs">
          {tabs.map((x) => (
            <View
              key={x.key}
              className={`gallery-switch__tab${tab === x.key ? ' gallery-switch__tab--active' : ''}`}
              style={tab === x.key ? { color: main, borderColor: main } : undefined}
              data-testid={`gallery-switch-tab-${x.key}`}
              data-active={tab === x.key ? 'true' : 'false'}
              onClick={() => setTab(x.key)}
            >
              <Text>{x.label}</Text>
            </View>
          ))}
        </View>
      }
      footer={
        <View
          className={`gallery-switch__button${canSwitch ? '' : ' gallery-switch__button--disabled'}`}
          style={{ background: main }}
          data-testid="gallery-switch-go"
          data-disabled={canSwitch ? 'false' : 'true'}
          onClick={() => {
            if (canSwitch && target) onSwitch(target);
          }}
        >
          <Text>{t('switch.button')}</Text>
        </View>
      }
    >
      {tab === 'video' ? (
        <EmptyState text={t('switch.noVideo')} testId="gallery-switch-video-empty" />
      ) : galleries.length === 0 ? (
        <EmptyState text={t('switch.empty')} testId="gallery-switch-empty" />
      ) : (
        galleries.map((g) => (
          <View
            key={g.id}
            className={`gallery-switch__item${g.id === selected ? ' gallery-switch__item--selected' : ''}`}
            style={g.id === selected ? { borderColor: main } : undefined}
            data-testid="gallery-switch-item"
            data-link-id={g.link_id}
            data-selected={g.id === selected ? 'true' : 'false'}
            onClick={() => setSelected(g.id)}
          >
            {g.cover ? (
              <Image className="gallery-switch__cover" src={imageUrl(g.cover, 'wx_250_160', g.id)} mode="aspectFill" lazyLoad />
            ) : (
              <View className="gallery-switch__cover" style={{ backgroundColor: main }} />
            )}
            <View className="gallery-switch__info">
              <Text className="gallery-switch__name">{g.name}</Text>
              <Text className="gallery-switch__count">{t('gallery.photoCount', { num: formatCount(g.image_total), count: g.image_total })}</Text>
            </View>
            {g.id === currentId ? <Text className="gallery-switch__current" style={{ color: main }}>{t('switch.current')}</Text> : null}
          </View>
        ))
      )}
    </BottomSheet>
  );
});
