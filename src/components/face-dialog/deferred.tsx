import { observer } from 'mobx-react';
import type { FaceDialogHost } from '../../stores/face/FaceDialogHost';
import { deferred } from '../deferred';

/** The dialog's code (its rules, the crop editor, taro-ui's checkbox) loads when first asked for. */
const Dialog = deferred(() => import('./index'));

/** What pages mount: nothing, and no code, until a face dialog is asked for; one dialog per request. */
function DeferredFaceDialog({ host }: { host: FaceDialogHost }) {
  const request = host.request;
  return request ? <Dialog wanted key={host.seq} request={request} onClose={host.close} /> : null;
}

export default observer(DeferredFaceDialog);
