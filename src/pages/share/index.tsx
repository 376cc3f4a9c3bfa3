import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /page/share/{openid}/{ids}: image share page (content: sharing issue). */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.share')} testId="page-share">
        <EmptyState text={t('empty.share')} />
      </PageFrame>
    </PageShell>
  );
}
