import { useRouter } from '@tarojs/taro';
import { PageShell } from '../../components/page-shell';
import { EntryRedirect } from '../../components/entry-redirect';
import { Landing } from '../../components/landing';
import { hasUrlRouter } from '../../platform/router';
import { entryTarget } from '../../stores/gallery/entry';

/**
 * Entry page. In the mini-program it opens the destination of a QR-code
 * `scene` or of query parameters; without any it opens the home album (as /demo does).
 * In a browser the bare root address shows the landing page (what this server hosts,
 * the demo, the public events); an entry with parameters still goes on to its destination.
 */
export default function Page() {
  const params = useRouter().params as Record<string, string | undefined>;
  const landing = hasUrlRouter() && !entryTarget(params);
  return <PageShell>{landing ? <Landing /> : <EntryRedirect params={params} />}</PageShell>;
}
