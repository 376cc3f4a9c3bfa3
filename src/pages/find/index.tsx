import { useState } from 'react';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { PageShell } from '../../components/page-shell';
import { PageFrame } from '../../components/page-frame';
import LoginPrompt from '../../components/login-prompt';
import FindPanel from '../../components/find';
import { FindStore } from '../../stores/find/FindStore';
import { LINK_ID_RE } from '../../../types/routes';
import { t } from '../../i18n';

/** /page/find[?link_id=]: the Find-photos page (spec part 3 §2 item 14). */
const Find = observer(function Find({ linkId }: { linkId: string | null }) {
  const [store] = useState(() => new FindStore());
  return (
    <PageFrame title={t('page.find')} testId="page-find">
      <FindPanel store={store} linkId={linkId} />
      <LoginPrompt />
    </PageFrame>
  );
});

export default function Page() {
  const params = useRouter().params as Record<string, string | undefined>;
  const linkId = params.link_id && LINK_ID_RE.test(params.link_id) ? params.link_id : null;
  return (
    <PageShell>
      <Find linkId={linkId} />
    </PageShell>
  );
}
