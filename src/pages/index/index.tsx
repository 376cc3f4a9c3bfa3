import { useRouter } from '@tarojs/taro';
import { PageShell } from '../../components/page-shell';
import { EntryRedirect } from '../../components/entry-redirect';

/**
 * Entry page. In the mini-program it opens the destination of a QR-code
 * `scene` or of query parameters; without any it opens the home album (as /demo does).
 */
export default function Page() {
  const params = useRouter().params as Record<string, string | undefined>;
  return (
    <PageShell>
      <EntryRedirect params={params} />
    </PageShell>
  );
}
