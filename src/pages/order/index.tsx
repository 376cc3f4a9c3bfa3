import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /page/order/{link_id}: the order or preorder page (content: payment issue). */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.order')} testId="page-order">
        <EmptyState text={t('empty.order')} />
      </PageFrame>
    </PageShell>
  );
}
