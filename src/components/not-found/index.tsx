import { observer } from 'mobx-react';
import { View } from '@tarojs/components';
import { t } from '../../i18n';
import { openUrl } from '../../platform/navigate';
import { usePageTitle } from '../../platform/title';
import { EmptyState } from '../empty-state';

/** An unknown link id or address: a clear message and a way on. */
export const NotFound = observer(function NotFound() {
  usePageTitle(t('notFound.title'));
  return (
    <View data-testid="not-found">
      <EmptyState text={t('notFound.title')} detail={t('notFound.text')} testId="not-found-state" action={{ label: t('notFound.home'), onTap: () => openUrl('/demo', { replace: true }) }} />
    </View>
  );
});
