import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { t, type MessageKey } from '../../i18n';
import './index.scss';

/** The agreement's paragraphs, in order. */
const PARAGRAPHS: MessageKey[] = ['agreement.intro', 'agreement.photos', 'agreement.face', 'agreement.record', 'agreement.minors', 'agreement.other'];

/** /page/agreement: the full text of the service agreement the face dialog links to. */
const Agreement = observer(function Agreement() {
  return (
    <PageFrame title={t('page.agreement')} testId="page-agreement">
      <View className="agreement">
        {PARAGRAPHS.map((key) => (
          <Text key={key} className="agreement__p" data-testid="agreement-paragraph">
            {t(key)}
          </Text>
        ))}
      </View>
    </PageFrame>
  );
});

export default function Page() {
  return (
    <PageShell>
      <Agreement />
    </PageShell>
  );
}
