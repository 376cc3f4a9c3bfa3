import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /page/permission/{id}: password and phone gates (content: payment and gated pages issue). */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.permission')} testId="page-permission">
        <EmptyState text={t('empty.permission')} />
      </PageFrame>
    </PageShell>
  );
}
