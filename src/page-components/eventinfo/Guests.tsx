import { useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { BottomSheet } from '../../components/bottom-sheet';
import { Avatar } from '../../components/avatar';
import { imageUrl } from '../../utils/image';
import { t } from '../../i18n';
import type { Guest } from '../../../types/page/eventinfo';
import type { PageComponentRenderProps } from '../types';
import './eventinfo.scss';

/** `guests`: a row of people (photo, name, one line); a tap opens that guest's whole introduction. */
function Guests({ id, props, ctx }: PageComponentRenderProps<'guests'>) {
  const [open, setOpen] = useState<Guest | null>(null);
  const items = Array.isArray(props.items) ? props.items.filter((g) => g && typeof g.name === 'string' && g.name.trim()) : [];
  if (!items.length) return null;
  const photo = (g: Guest, cls: string) =>
    g.photo ? <Image className={cls} src={imageUrl(g.photo, 'avatar_150', ctx.gallery.id)} mode="aspectFill" /> : <Avatar name={g.name} className={cls} />;
  return (
    <View className="guests" data-testid="guests">
      <Text className="guests__title">{props.title || t('info.guests')}</Text>
      <View className="guests__list">
        {items.map((g, i) => (
          <View key={`${id}-${i}`} className="guests__item" data-testid="guest" onClick={() => setOpen(g)}>
            {photo(g, 'guests__photo')}
            <Text className="guests__name">{g.name}</Text>
            {g.desc ? <Text className="guests__desc">{g.desc}</Text> : null}
          </View>
        ))}
      </View>
      {open ? (
        <BottomSheet placement="center" title={open.name} onClose={() => setOpen(null)} closeLabel={t('info.close')} testId="guest-sheet" closeTestId="guest-sheet-close" panelClassName="guests__sheet">
          <View className="guests__sheet-body">
            {photo(open, 'guests__sheet-photo')}
            <Text className="guests__sheet-desc" data-testid="guest-sheet-desc">{open.desc || ''}</Text>
          </View>
        </BottomSheet>
      ) : null}
    </View>
  );
}

export default observer(Guests);
