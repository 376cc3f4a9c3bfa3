import { observer } from 'mobx-react';
import { PageShell } from '../page-shell';
import { EmptyState } from '../empty-state';
import { t, type MessageKey } from '../../i18n';
import { PageFrame } from './index';

/**
 * A page whose content arrives with a later feature: its real frame (title,
 * back navigation) and the empty state a visitor sees today.
 */
export function framePage(title: MessageKey, empty: MessageKey, testId: string) {
  // The page itself stays a plain function (Taro's page wrapper); its text is an observer.
  const Framed = observer(function Framed() {
    return (
      <PageFrame title={t(title)} testId={testId}>
        <EmptyState text={t(empty)} />
      </PageFrame>
    );
  });
  return function FramedPage() {
    return (
      <PageShell>
        <Framed />
      </PageShell>
    );
  };
}
