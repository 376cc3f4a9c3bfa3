import { useEffect } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtInputNumber from 'taro-ui/lib/components/input-number';
import { GIFT_COUNT_MAX } from '../../../types/api/comments';
import { t } from '../../i18n';
import { Icon } from '../icon';
import { qrSvgDataUrl } from '../../utils/qr';
import { serverImageUrl } from '../../utils/image';
import { yuan } from '../../stores/comments/commentRules';
import { GIFT_COUNT_PICKS } from '../../stores/comments/giftRules';
import type { GiftStore, GiftNotice } from '../../stores/comments/GiftStore';
import './gifts.scss';

const noticeText = (n: GiftNotice) => ('text' in n ? n.text : t(n.key, n.params));

/** The send bar's two icons (emotion, gift): each shows only when the gallery has some; guests are asked to log in by the store. */
export const GiftIcons = observer(function GiftIcons({ gifts }: { gifts: GiftStore }) {
  useEffect(() => {
    void gifts.load();
  }, [gifts]);
  return (
    <>
      {gifts.emotions.length ? (
        <View
          className={`comment-send__icon${gifts.panel === 'emotion' ? ' comment-send__icon--on' : ''}`}
          data-testid="comment-emotion-open"
          aria-label={t('gifts.emotionButton')}
          aria-expanded={gifts.panel === 'emotion'}
          onClick={() => void gifts.open('emotion')}
        >
          <Icon name="star" />
        </View>
      ) : null}
      {gifts.gifts.length ? (
        <View
          className={`comment-send__icon${gifts.panel === 'gift' ? ' comment-send__icon--on' : ''}`}
          data-testid="comment-gift-open"
          aria-label={t('gifts.giftButton')}
          aria-expanded={gifts.panel === 'gift'}
          onClick={() => void gifts.open('gift')}
        >
          <Icon name="heart" />
        </View>
      ) : null}
    </>
  );
});

/** The emotion panel: every image of every set; a tap posts it. */
const EmotionPanel = observer(function EmotionPanel({ gifts }: { gifts: GiftStore }) {
  return (
    <View className="gift-panel" data-testid="emotion-panel">
      <View className="gift-panel__head">
        <Text className="gift-panel__title">{t('gifts.emotionTitle')}</Text>
        <View className="gift-panel__close" data-testid="gift-panel-close" aria-label={t('gifts.close')} onClick={() => gifts.close()}>
          <Icon name="close" />
        </View>
      </View>
      <View className="gift-panel__grid">
        {gifts.emotions.flatMap((e) =>
          e.images.map((image) => (
            <View
              key={`${e.id}:${image}`}
              className={`emotion-item${gifts.busy ? ' emotion-item--busy' : ''}`}
              data-testid="emotion-item"
              aria-label={e.name}
              onClick={() => void gifts.sendEmotion(e, image)}
            >
              <Image className="emotion-item__image" src={serverImageUrl(image)} mode="aspectFit" lazyLoad />
            </View>
          ))
        )}
      </View>
    </View>
  );
});

/** The gift button's words: wait (cooldown), pay, the paid retry, the phase, or send with the total. */
function giftButtonText(gifts: GiftStore, wait: number): string {
  if (gifts.phase === 'paid') return t('gifts.retry');
  if (gifts.phase === 'confirm') return t('gifts.pay', { yuan: yuan(gifts.payCents) });
  if (gifts.phase === 'ordering') return t('gifts.ordering');
  if (gifts.phase === 'paying' || gifts.phase === 'waiting') return t('gifts.waiting');
  if (gifts.phase === 'posting') return t('gifts.posting');
  if (wait > 0) return t('gifts.wait', { count: wait });
  return gifts.totalCents > 0 ? t('gifts.sendPaid', { yuan: yuan(gifts.totalCents) }) : t('gifts.send');
}

/** The gift panel: the gifts with their price in yuan, the quantity (1..99) and total, the send / pay button, the QR while paying. */
const GiftPanel = observer(function GiftPanel({ gifts }: { gifts: GiftStore }) {
  const gift = gifts.gift;
  const wait = gift ? gifts.cooldownLeft(gift.id) : 0;
  const locked = gifts.phase !== 'choose' && gifts.phase !== 'confirm';
  const disabled = !gift || gifts.busy || (wait > 0 && gifts.phase === 'choose');
  const onButton = () => {
    if (disabled) return;
    if (gifts.phase === 'confirm') void gifts.pay(); // the pay step starts inside this tap
    else void gifts.sendGift();
  };
  return (
    <View className="gift-panel" data-testid="gift-panel">
      <View className="gift-panel__head">
        <Text className="gift-panel__title">{t('gifts.giftTitle')}</Text>
        <View className="gift-panel__close" data-testid="gift-panel-close" aria-label={t('gifts.close')} onClick={() => gifts.close()}>
          <Icon name="close" />
        </View>
      </View>
      <View className="gift-panel__grid">
        {gifts.gifts.map((g) => {
          const left = gifts.cooldownLeft(g.id);
          return (
            <View
              key={g.id}
              className={`gift-item${g.id === gifts.giftId ? ' gift-item--on' : ''}`}
              data-testid="gift-item"
              data-gift-id={g.id}
              aria-selected={g.id === gifts.giftId}
              onClick={() => gifts.choose(g.id)}
            >
              <Image className="gift-item__image" src={serverImageUrl(g.image)} mode="aspectFit" lazyLoad />
              <Text className="gift-item__name">{g.name}</Text>
              <Text className="gift-item__price" data-testid="gift-item-price">
                {g.price > 0 ? t('gifts.price', { yuan: yuan(g.price) }) : t('gifts.free')}
              </Text>
              {left > 0 ? (
                <Text className="gift-item__wait" data-testid="gift-item-wait">{t('gifts.wait', { count: left })}</Text>
              ) : null}
            </View>
          );
        })}
      </View>
      {gift ? (
        <View className="gift-panel__count">
          <Text className="gift-panel__label">{t('gifts.count')}</Text>
          <View className="gift-panel__picks">
            {GIFT_COUNT_PICKS.map((n) => (
              <Text
                key={n}
                className={`gift-pick${gifts.count === n ? ' gift-pick--on' : ''}`}
                data-testid="gift-count-pick"
                onClick={() => gifts.setCount(n)}
              >
                {n}
              </Text>
            ))}
          </View>
          <View data-testid="gift-count">
            <AtInputNumber type="number" min={1} max={GIFT_COUNT_MAX} step={1} value={gifts.count} disabled={locked} onChange={(v: number) => gifts.setCount(v)} />
          </View>
        </View>
      ) : null}
      {gift ? (
        <Text className="gift-panel__total" data-testid="gift-total">
          {t('gifts.total', { yuan: yuan(gifts.totalCents) })}
        </Text>
      ) : null}
      {gifts.qr ? (
        <View className="gift-panel__qr" data-testid="gift-qr">
          <Text className="gift-panel__label">{t('pay.scanTitle')}</Text>
          <View className="gift-panel__qr-code" style={{ backgroundImage: `url("${qrSvgDataUrl(gifts.qr.codeUrl)}")` }} />
          {gifts.qr.sandboxUrl ? (
            <Text className="gift-panel__link" data-testid="gift-qr-sandbox" onClick={() => gifts.openSandbox()}>
              {t('pay.sandboxLink')}
            </Text>
          ) : null}
          <Text className="gift-panel__link" data-testid="gift-qr-paid" onClick={() => void gifts.checkNow()}>
            {t('pay.alreadyPaid')}
          </Text>
        </View>
      ) : null}
      <View
        className={`gift-panel__send${disabled ? ' gift-panel__send--off' : ''}`}
        data-testid="gift-send"
        aria-disabled={disabled}
        onClick={onButton}
      >
        <Text>{giftButtonText(gifts, wait)}</Text>
      </View>
    </View>
  );
});

/** The open panel under the send bar (or nothing), with what the store has to say. */
export const GiftPanels = observer(function GiftPanels({ gifts }: { gifts: GiftStore }) {
  useEffect(() => {
    gifts.resume();
    return () => gifts.dispose();
  }, [gifts]);
  const notice = gifts.notice;
  if (!gifts.panel) return null;
  return (
    <View className="gift-panels">
      {gifts.panel === 'emotion' ? <EmotionPanel gifts={gifts} /> : <GiftPanel gifts={gifts} />}
      {notice ? (
        <Text className="gift-panel__notice" data-testid="gift-notice">
          {noticeText(notice)}
        </Text>
      ) : null}
    </View>
  );
});
