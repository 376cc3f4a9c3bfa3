import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../i18n';

/** /g/{link_id}/video/{video_id}: video page inside a gallery (content: video components). */
export default function Page() {
  return (
    <PageShell>
      <PageFrame title={t('page.video')} testId="page-video">
        <EmptyState text={t('empty.video')} />
      </PageFrame>
    </PageShell>
  );
}
