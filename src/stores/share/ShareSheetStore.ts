import { makeAutoObservable } from 'mobx';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { copyShareLink, sharesThroughBrowserMenu, systemShare, systemShareAvailable, type ShareContent, type ShareOutcome } from '../../platform/share';
import { toast } from '../../platform/ui';
import { COPIED_TOAST_MS } from './shareOutcome';
import { posterEntry, type PosterEntry, type PosterRequest } from './posterEntry';

/**
 * A share modal's choices: in WeChat's browser the hint at its ··· menu (chats, Moments),
 * the QR poster (once a poster maker is plugged in), the system share sheet where the
 * browser has one, and copying the link.
 */
export type ShareOption = 'wechat' | 'poster' | 'system' | 'copy';

export interface ShareSheetDeps {
  inWechat: () => boolean;
  systemShareAvailable: () => boolean;
  systemShare: (c: ShareContent) => Promise<ShareOutcome>;
  copy: (c: ShareContent) => Promise<boolean>;
  poster: Pick<PosterEntry, 'offers' | 'open'>;
  toast: (key: MessageKey, ms?: number) => void;
}

/**
 * The share modal (spec part 1 §2 share modal: QR poster or copy link; §8 'Copyed' for
 * 1 s) and the share-hint overlay pointing at WeChat's menu. Opened by the share pendant,
 * the viewer's and the person page's share buttons with what they share.
 */
export class ShareSheetStore {
  content: ShareContent | null = null;
  posterRequest: PosterRequest | null = null;
  /** The hint at WeChat's ··· menu is showing (`copied`: the link is on the clipboard too). */
  menuHint: { copied: boolean } | null = null;
  private deps: ShareSheetDeps;

  constructor(deps: Partial<ShareSheetDeps> = {}) {
    // Through functions: as bare property values webpack (5.91) emitted an undeclared `share.uU` once platform/share sat in a shared chunk.
    this.deps = {
      inWechat: () => sharesThroughBrowserMenu(),
      systemShareAvailable: () => systemShareAvailable(),
      systemShare: (c) => systemShare(c),
      copy: (c) => copyShareLink(c),
      poster: posterEntry,
      toast: (key, ms) => toast(t(key), ms),
      ...deps
    };
    makeAutoObservable<ShareSheetStore, 'deps'>(this, { deps: false });
  }

  get isOpen(): boolean {
    return this.content !== null;
  }

  /** Open the modal for `content`; `poster`: what a QR poster would be made of (the option shows when the maker takes it). */
  open(content: ShareContent, poster: Omit<PosterRequest, 'content'> | null = null): void {
    this.content = content;
    this.posterRequest = poster ? { ...poster, content } : null;
  }

  close(): void {
    this.content = null;
    this.posterRequest = null;
  }

  get options(): ShareOption[] {
    if (!this.content) return [];
    const out: ShareOption[] = [];
    const wechat = this.deps.inWechat();
    if (wechat) out.push('wechat');
    if (this.deps.poster.offers(this.posterRequest)) out.push('poster');
    if (!wechat && this.deps.systemShareAvailable()) out.push('system');
    out.push('copy');
    return out;
  }

  async choose(option: ShareOption): Promise<void> {
    const content = this.content;
    const poster = this.posterRequest;
    if (!content || !this.options.includes(option)) return;
    this.close();
    switch (option) {
      case 'wechat':
        this.menuHint = { copied: false };
        return;
      case 'poster':
        if (poster) this.deps.poster.open(poster);
        return;
      case 'system': {
        const outcome = await this.deps.systemShare(content);
        // Not allowed here after all: the link is copied instead.
        if (outcome === 'failed') await this.copy(content);
        return;
      }
      case 'copy':
        await this.copy(content);
        return;
    }
  }

  closeMenuHint(): void {
    this.menuHint = null;
  }

  private async copy(content: ShareContent): Promise<void> {
    let ok = false;
    try {
      ok = await this.deps.copy(content);
    } catch {
      ok = false;
    }
    this.deps.toast(ok ? 'share.Copyed' : 'share.copyFailed', ok ? COPIED_TOAST_MS : undefined);
  }
}
