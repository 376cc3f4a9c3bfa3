import { PageShell } from '../../components/page-shell';
import { EntryRedirect } from '../../components/entry-redirect';

/** /demo: opens the demo event. */
export default function Page() {
  return (
    <PageShell>
      <EntryRedirect params={{}} />
    </PageShell>
  );
}
