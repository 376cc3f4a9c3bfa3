import { getRootStore, type RootStore } from '../RootStore';
import { GotCache } from './GotCache';
import { PhoneSignupStore } from './PhoneSignupStore';
import { RedPacketOpenStore } from './RedPacketOpenStore';
import { RedPacketSendStore } from './RedPacketSendStore';
import { redPacketEntry, type RedPacketEntry } from './entry';

/*
 * Built here, not in UI code (docs/architecture.md): the red packet host holds the result with
 * `useState(() => createRedPacketStores(galleryId))`.
 */

export interface RedPacketStores {
  entry: RedPacketEntry;
  send: RedPacketSendStore;
  open: RedPacketOpenStore;
  phone: PhoneSignupStore;
}

/** A gallery's red packets: the send modal, the open modal with its list and detail, and the phone sign-up. */
export function createRedPacketStores(galleryId: number, root: RootStore = getRootStore()): RedPacketStores {
  const requireLogin = () => root.loginPrompt.requireLogin('pay');
  const phone = new PhoneSignupStore({ galleryId });
  const open = new RedPacketOpenStore({
    galleryId,
    watch: (g, h) => root.live.watch(g, h),
    got: new GotCache(),
    requireLogin,
    signUp: () => phone.request()
  });
  const send = new RedPacketSendStore({
    galleryId,
    requireLogin,
    onSent: (p) => void open.show({ ...p, status: p.status })
  });
  return { entry: redPacketEntry(galleryId), send, open, phone };
}
