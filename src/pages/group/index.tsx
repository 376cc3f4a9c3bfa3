import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /page/group/{token}: group page. */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.group')} testId="page-group">
        <EmptyState text={t('empty.group')} />
      </PageFrame>
    </PageShell>
  );
}
