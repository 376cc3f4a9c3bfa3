import { makeAutoObservable } from 'mobx';
import { t } from '../../i18n';
import { redPacketsSupported, showAlert } from '../../platform/redpacket';

/**
 * The plus button's side of red packets, kept small (it is in the send bar's first load): it
 * decides whether the button shows and asks for the send modal, which the red packet host (a
 * lazy chunk) opens.
 */
export class RedPacketEntry {
  /** A send modal was asked for and the host has not opened it yet. */
  sendWanted = false;

  constructor(
    private supported: () => boolean = redPacketsSupported,
    private alert: (text: string) => void = (text) => void showAlert(text)
  ) {
    makeAutoObservable<RedPacketEntry, 'supported' | 'alert'>(this, { supported: false, alert: false });
  }

  /** Spec part 3 §6: the plus button shows only when the gallery's use_package is 1. */
  shows(config: { use_package?: number } | null | undefined): boolean {
    return config?.use_package === 1;
  }

  /** The plus tap: the send modal inside WeChat (browser or mini-program), otherwise an alert that says why. */
  requestSend(): boolean {
    if (!this.supported()) {
      this.alert(t('redpacket.wechatOnly'));
      return false;
    }
    this.sendWanted = true;
    return true;
  }

  /** The host took the request. */
  takeSend(): boolean {
    const w = this.sendWanted;
    this.sendWanted = false;
    return w;
  }
}

const entries = new Map<number, RedPacketEntry>();
/** One entry per gallery, shared by every plus button of the gallery and its host. */
export function redPacketEntry(galleryId: number): RedPacketEntry {
  let e = entries.get(galleryId);
  if (!e) entries.set(galleryId, (e = new RedPacketEntry()));
  return e;
}
