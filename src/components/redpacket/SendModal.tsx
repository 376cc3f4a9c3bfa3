import { View, Text, Input, Button } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtSegmentedControl from 'taro-ui/lib/components/segmented-control';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import { DatePicker } from '../../platform/date-picker';
import type { RedPacketSendStore } from '../../stores/redpackets/RedPacketSendStore';
import { centsToYuan } from '../../stores/redpackets/redPacketRules';

const TYPES = ['luck', 'normal'] as const;
const POSTS = ['now', 'target'] as const;

/** The send modal (spec part 3 §2 item 3, §5): quantity, total, type, wish, now or a target time with a notice; then pay. */
function SendModal({ store }: { store: RedPacketSendStore }) {
  const confirm = store.phase === 'confirm' || store.busy;
  const total = store.totalCents;
  return (
    <BottomSheet
      open={store.open}
      placement="center"
      title={t('redpacket.sendTitle')}
      onClose={() => store.close()}
      className="redpacket-send"
      panelClassName="redpacket-panel"
      testId="redpacket-send"
    >
      <View className="redpacket-form">
        <View className="redpacket-form__row">
          <Text className="redpacket-form__label">{t('redpacket.number')}</Text>
          <Input
            className="redpacket-form__input"
            data-testid="redpacket-number"
            type="number"
            maxlength={5}
            value={store.number}
            disabled={confirm}
            placeholder={t('redpacket.numberPlaceholder')}
            onInput={(e) => store.setNumber(e.detail.value)}
          />
        </View>
        <View className="redpacket-form__row">
          <Text className="redpacket-form__label">{t('redpacket.amount')}</Text>
          <Input
            className="redpacket-form__input"
            data-testid="redpacket-amount"
            type="digit"
            maxlength={9}
            value={store.amount}
            disabled={confirm}
            placeholder={t('redpacket.amountPlaceholder')}
            onInput={(e) => store.setAmount(e.detail.value)}
          />
        </View>
        <View className="redpacket-form__choices" data-testid="redpacket-type" data-value={store.type}>
          <AtSegmentedControl
            values={[t('redpacket.typeLuck'), t('redpacket.typeNormal')]}
            current={TYPES.indexOf(store.type)}
            disabled={confirm}
            selectedColor="#e9573f"
            color="#ffffff"
            onClick={(i: number) => store.setType(TYPES[i] ?? 'luck')}
          />
        </View>
        <Input
          className="redpacket-form__input redpacket-form__input--wide"
          data-testid="redpacket-content"
          maxlength={60}
          value={store.content}
          disabled={confirm}
          placeholder={t('redpacket.defaultWish')}
          onInput={(e) => store.setContent(e.detail.value)}
        />
        <View className="redpacket-form__choices" data-testid="redpacket-posttype" data-value={store.postType}>
          <AtSegmentedControl
            values={[t('redpacket.postNow'), t('redpacket.postTarget')]}
            current={POSTS.indexOf(store.postType)}
            disabled={confirm}
            selectedColor="#e9573f"
            color="#ffffff"
            onClick={(i: number) => store.setPostType(POSTS[i] ?? 'now')}
          />
        </View>
        {store.postType === 'target' ? (
          <View className="redpacket-form__target">
            <DatePicker mode="time" value={store.targetTime} placeholder={t('redpacket.targetTime')} label={t('redpacket.targetTime')} onChange={(v) => store.setTargetTime(v)} testId="redpacket-target-time" />
            <Input
              className="redpacket-form__input redpacket-form__input--wide"
              data-testid="redpacket-notice"
              maxlength={60}
              value={store.notice}
              placeholder={t('redpacket.noticePlaceholder')}
              onInput={(e) => store.setNotice(e.detail.value)}
            />
          </View>
        ) : null}
        <Text className="redpacket-form__hint">{t('redpacket.rules')}</Text>
        {store.error ? (
          <Text className="redpacket-form__error" data-testid="redpacket-send-error">
            {t(store.error)}
          </Text>
        ) : null}
        <Text className="redpacket-form__total" data-testid="redpacket-total">
          {t('redpacket.total', { price: centsToYuan(total ?? 0) })}
        </Text>
        {confirm ? (
          <Button className="redpacket-form__button" data-testid="redpacket-pay" disabled={store.busy} onClick={() => void store.pay()}>
            {store.busy ? t('redpacket.paying') : store.paidAwaitingCreate ? t('redpacket.retryCreate') : t('redpacket.pay', { price: centsToYuan(total ?? 0) })}
          </Button>
        ) : (
          <Button className="redpacket-form__button" data-testid="redpacket-send-button" onClick={() => void store.send()}>
            {t('redpacket.send')}
          </Button>
        )}
      </View>
    </BottomSheet>
  );
}

export default observer(SendModal);
