import { View, Text, Input, Button } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import type { PhoneSignupStore } from '../../stores/redpackets/PhoneSignupStore';

/** The phone sign-up of red packets (spec part 3 §2 item 3, §5). */
function PhoneModal({ store }: { store: PhoneSignupStore }) {
  return (
    <BottomSheet open={store.open} placement="center" title={t('redpacket.phoneTitle')} onClose={() => store.close()} panelClassName="redpacket-panel" testId="redpacket-phone">
      <View className="redpacket-form">
        <Input
          className="redpacket-form__input redpacket-form__input--wide"
          data-testid="redpacket-phone-number"
          type="number"
          maxlength={11}
          value={store.phone}
          placeholder={t('redpacket.phonePlaceholder')}
          onInput={(e) => store.setPhone(e.detail.value)}
        />
        <Input
          className="redpacket-form__input redpacket-form__input--wide"
          data-testid="redpacket-phone-name"
          maxlength={32}
          value={store.name}
          placeholder={t('redpacket.namePlaceholder')}
          onInput={(e) => store.setName(e.detail.value)}
        />
        <View className="redpacket-form__row">
          <Input
            className="redpacket-form__input"
            data-testid="redpacket-phone-code"
            maxlength={4}
            value={store.code}
            placeholder={t('redpacket.codePlaceholder')}
            onInput={(e) => store.setCode(e.detail.value)}
          />
          <View
            className={`redpacket-form__sms${store.countdown > 0 ? ' redpacket-form__sms--off' : ''}`}
            data-testid="redpacket-phone-send"
            onClick={() => void store.sendCode()}
          >
            {store.countdown > 0 ? t('redpacket.resendIn', { num: store.countdown }) : t('redpacket.sendCode')}
          </View>
        </View>
        {store.error || store.serverError ? (
          <Text className="redpacket-form__error" data-testid="redpacket-phone-error">
            {store.error ? t(store.error) : store.serverError}
          </Text>
        ) : null}
        <Button className="redpacket-form__button" data-testid="redpacket-phone-submit" disabled={store.submitting} onClick={() => void store.submit()}>
          {t('redpacket.phoneSubmit')}
        </Button>
      </View>
    </BottomSheet>
  );
}

export default observer(PhoneModal);
