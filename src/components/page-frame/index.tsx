import { observer } from 'mobx-react';
import type { ReactNode } from 'react';
import { View, Text } from '@tarojs/components';
import { goBack } from '../../platform/navigate';
import { drawsOwnTitleBar } from '../../platform/ui';
import { usePageTitle } from '../../platform/title';
import { t } from '../../i18n';
import './index.scss';

/**
 * The frame of a secondary page: a title bar with a back control (H5; the
 * mini-program has its native bar) and the content below.
 */
export const PageFrame = observer(function PageFrame(props: { title: string; backUrl?: string; children: ReactNode; testId?: string }) {
  usePageTitle(props.title);
  return (
    <View className="page-frame" data-testid={props.testId ?? 'page-frame'}>
      {drawsOwnTitleBar() ? (
        <View className="page-frame__bar">
          <View className="page-frame__back" onClick={() => goBack(props.backUrl ?? '/demo')} data-testid="page-back">
            <Text>‹ {t('common.back')}</Text>
          </View>
          <Text className="page-frame__title">{props.title}</Text>
        </View>
      ) : null}
      <View className="page-frame__body">{props.children}</View>
    </View>
  );
});
