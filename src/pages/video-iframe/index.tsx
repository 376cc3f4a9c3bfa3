import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /page/video/iframe: embedded video page. */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.iframe')} testId="page-video-iframe">
        <EmptyState text={t('empty.iframe')} />
      </PageFrame>
    </PageShell>
  );
}
