import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /page/person/{link_id}/{personid}/{openid}: a followed person's album (content: face issue). */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.person')} testId="page-person">
        <EmptyState text={t('empty.person')} />
      </PageFrame>
    </PageShell>
  );
}
