import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { Avatar } from '../../components/avatar';
import { callPhone } from '../../platform/ui';
import { imageUrl } from '../../utils/image';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import './eventinfo.scss';

/** `contact`: cards with a name, a role, an avatar, a phone number to tap and call, and a QR code to scan. */
function Contact({ id, props, ctx }: PageComponentRenderProps<'contact'>) {
  const items = Array.isArray(props.items) ? props.items.filter((c) => c && typeof c.name === 'string' && c.name.trim()) : [];
  if (!items.length) return null;
  return (
    <View className="contact" data-testid="contact">
      {items.map((c, i) => (
        <View key={`${id}-${c.cid ?? i}`} className="contact__card" data-testid="contact-card">
          <View className="contact__head">
            <Avatar src={c.avatar ? imageUrl(c.avatar, 'avatar_150', ctx.gallery.id) : null} name={c.name} className="contact__avatar" />
            <View className="contact__who">
              <Text className="contact__name">{c.name}</Text>
              {c.level ? <Text className="contact__level">{c.level}</Text> : null}
            </View>
            {c.phone ? (
              <View className="contact__call" data-testid="contact-call" style={{ background: ctx.theme.main }} onClick={() => callPhone(c.phone!)}>
                <Text>{t('info.call')}</Text>
              </View>
            ) : null}
          </View>
          {c.phone ? <Text className="contact__phone" data-testid="contact-phone">{c.phone}</Text> : null}
          {c.qrcode ? (
            <View className="contact__qr" data-testid="contact-qr">
              <Image className="contact__qr-image" src={imageUrl(c.qrcode, 'wx_750_n', ctx.gallery.id)} mode="aspectFit" showMenuByLongpress />
              <Text className="contact__qr-hint">{t('info.qrHint')}</Text>
            </View>
          ) : null}
        </View>
      ))}
    </View>
  );
}

export default observer(Contact);
