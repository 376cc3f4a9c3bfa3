import { PageShell } from '../../components/page-shell';
import { NotFound } from '../../components/not-found';

export default function Page() {
  return (
    <PageShell>
      <NotFound />
    </PageShell>
  );
}
