import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { ButtonGroupModal, ButtonGroupProps } from '../../../types/page/buttongroup';
import type { Link } from '../../../types/page/link';
import { BottomSheet } from '../../components/bottom-sheet';
import { Avatar } from '../../components/avatar';
import { isActiveLink } from '../../stores/links/follow';
import { imageUrl } from '../../utils/image';
import { t } from '../../i18n';
import type { PageRenderContext } from '../types';

/** Title of each modal. */
const MODAL_TITLES = { sponsor: 'buttongroup.sponsors', guest: 'info.guests', activity: 'buttongroup.activity' } as const;

interface Props {
  modal: ButtonGroupModal;
  props: ButtonGroupProps;
  ctx: PageRenderContext;
  onClose: () => void;
  follow: (link: Link | undefined) => void;
}

/** The sponsor, guest or activity modal of a button group: a centred sheet with a scroll area. */
function ButtonGroupSheet({ modal, props, ctx, onClose, follow }: Props) {
  const gid = ctx.gallery.id;
  let body;
  if (modal === 'sponsor') {
    body = (props.sponsors ?? []).filter((s) => s && s.name).map((s, i) => {
      const link = isActiveLink(s.link) ? s.link : undefined;
      return (
        <View key={i} className="bg-sheet__row" data-testid="buttongroup-sponsor" onClick={link ? () => follow(link) : undefined}>
          {s.logo ? <Image className="bg-sheet__logo" src={imageUrl(s.logo, 'avatar_150', gid)} mode="aspectFill" /> : <Avatar name={s.name} className="bg-sheet__logo" />}
          <View className="bg-sheet__text">
            <Text className="bg-sheet__name">{s.name}</Text>
            {s.desc ? <Text className="bg-sheet__desc">{s.desc}</Text> : null}
          </View>
          {link ? <View className="bg-sheet__arrow" /> : null}
        </View>
      );
    });
  } else if (modal === 'guest') {
    body = (props.guests ?? []).filter((g) => g && g.name).map((g, i) => (
      <View key={i} className="bg-sheet__row" data-testid="buttongroup-guest">
        {g.photo ? <Image className="bg-sheet__photo" src={imageUrl(g.photo, 'avatar_150', gid)} mode="aspectFill" /> : <Avatar name={g.name} className="bg-sheet__photo" />}
        <View className="bg-sheet__text">
          <Text className="bg-sheet__name">{g.name}</Text>
          {g.desc ? <Text className="bg-sheet__desc">{g.desc}</Text> : null}
        </View>
      </View>
    ));
  } else {
    const a = props.activity ?? {};
    body = (
      <View className="bg-sheet__activity" data-testid="buttongroup-activity">
        {a.image ? <Image className="bg-sheet__image" src={imageUrl(a.image, 'wx_750_n', gid)} mode="widthFix" /> : null}
        {a.title ? <Text className="bg-sheet__headline">{a.title}</Text> : null}
        {a.time ? (
          <View className="bg-sheet__fact">
            <Text className="bg-sheet__label">{t('info.time')}</Text>
            <Text>{a.time}</Text>
          </View>
        ) : null}
        {a.place ? (
          <View className="bg-sheet__fact">
            <Text className="bg-sheet__label">{t('info.place')}</Text>
            <Text>{a.place}</Text>
          </View>
        ) : null}
        {a.detail ? <Text className="bg-sheet__detail">{a.detail}</Text> : null}
      </View>
    );
  }
  return (
    <BottomSheet
      placement="center"
      title={t(MODAL_TITLES[modal])}
      onClose={onClose}
      closeLabel={t('info.close')}
      scroll
      testId="buttongroup-sheet"
      closeTestId="buttongroup-sheet-close"
      panelClassName="bg-sheet"
      bodyClassName="bg-sheet__body"
      dataset={{ modal }}
    >
      {body}
    </BottomSheet>
  );
}

export default observer(ButtonGroupSheet);
