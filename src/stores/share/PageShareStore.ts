import { makeAutoObservable, observableRef, reaction, runInAction } from 'mobx';
import type { JsSdkSignature } from '../../../types/api/jssdk';
import type { ShareContent } from '../../platform/share';
import type { WechatShareData } from '../../platform/wechat-jssdk';

/** What one component of a page says its page shares (`content` null: nothing to share yet). */
export interface ShareDeclaration {
  content: ShareContent | null;
  /** false: sharing is off here (the gallery's share_off): the menu's share items are hidden. */
  enabled: boolean;
  /** The personal share (a person's album): preferred while the one-time flag is set (forcePersonal). */
  personal?: boolean;
}

export interface PageShareDeps {
  /** WeChat's browser: the page configures the JS-SDK (platform/wechat-jssdk). */
  here: () => boolean;
  pageUrl: () => string;
  sign: (url: string) => Promise<JsSdkSignature>;
  configure: (sig: JsSdkSignature) => Promise<void>;
  setShare: (data: WechatShareData | null) => Promise<void>;
  /** The global share flag (sysinfo.share_off). */
  globalOff: () => boolean;
  /** What a page that declares nothing shares: the spec's fallback text and this page's address. */
  fallback: () => ShareContent;
  /** An app path as an absolute address (links and images in WeChat's menu must be absolute). */
  absolute: (url: string) => string;
}

/** What the WeChat menu was last set to (tests and diagnostics read it). */
export interface AppliedShare {
  url: string;
  data: WechatShareData | null;
}

/**
 * The share configuration of the page on top (spec part 1 §3 share content, §6 share off,
 * §7 signature). Components declare what their page shares (usePageShare); the page
 * shown picks its latest declaration, else the fallback. In WeChat's browser every
 * page address is signed by the server and wx.config'd once, then the menu shares the
 * content to chats, Moments and favourites, or hides its share items when sharing is off
 * (per gallery, or the global flag).
 *
 * The one-time flag (spec part 1 §4 "a one-time flag forces personal share configuration"):
 * `forcePersonal()` makes the next configuration use the page's personal declaration (a
 * person's album) even when a later gallery declaration would win; that configuration
 * consumes it, so the page's normal share applies again from then on.
 */
export class PageShareStore {
  shownPage: string | null = null;
  forced = false;
  applied: AppliedShare | null = null;
  /** Per page, its declarations by id (replaced, never changed in place: MobX sees every change). */
  private decls = new Map<string, ReadonlyMap<number, ShareDeclaration & { seq: number }>>();
  private seq = 0;
  private configuredUrl: string | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private deps: PageShareDeps) {
    makeAutoObservable<PageShareStore, 'deps' | 'seq' | 'configuredUrl' | 'running' | 'decls'>(this, { deps: false, seq: false, configuredUrl: false, running: false, decls: observableRef });
  }

  /** `page` (one per open page: PageShell's scope) says it shares `d`; returns the declaration's id. */
  declare(page: string, d: ShareDeclaration, id = ++this.seq): number {
    const m = new Map(this.decls.get(page) ?? []);
    m.set(id, { ...d, seq: m.get(id)?.seq ?? id });
    this.decls = new Map(this.decls).set(page, m);
    return id;
  }

  withdraw(page: string, id: number): void {
    const had = this.decls.get(page);
    if (!had?.has(id)) return;
    const m = new Map(had);
    m.delete(id);
    this.decls = new Map(this.decls).set(page, m);
  }

  /** The page came on top (its first show, or back to it). */
  show(page: string): void {
    this.shownPage = page;
  }

  /** The page closed. */
  dropPage(page: string): void {
    const next = new Map(this.decls);
    next.delete(page);
    this.decls = next;
    if (this.shownPage === page) this.shownPage = null;
  }

  forcePersonal(): void {
    this.forced = true;
  }

  /**
   * What the shown page shares, and whether sharing is on. `pending`: the page declared a share whose content it
   * does not know yet (its gallery is loading): the menu is left as it is until it does, so a gallery with sharing
   * off never shares the fallback first, and one with sharing on never hides its items first.
   */
  get current(): { content: ShareContent; enabled: boolean; personal: boolean; pending: boolean } {
    const list = [...(this.shownPage ? this.decls.get(this.shownPage)?.values() ?? [] : [])].sort((a, b) => a.seq - b.seq);
    const personal = this.forced ? list.filter((d) => d.personal).pop() : undefined;
    const pick = personal ?? list[list.length - 1];
    const off = this.deps.globalOff();
    if (!pick) return { content: this.deps.fallback(), enabled: !off, personal: false, pending: false };
    return { content: pick.content ?? this.deps.fallback(), enabled: pick.enabled && !off, personal: !!pick.personal, pending: pick.content === null };
  }

  /** Keeps WeChat's menu on the shown page's share while the app runs (PageShell starts it once). */
  start(): () => void {
    if (!this.deps.here()) return () => undefined;
    return reaction(
      () => ({ page: this.shownPage, c: this.current }),
      () => void this.apply(),
      { fireImmediately: true, equals: (a, b) => a.page === b.page && JSON.stringify(a.c) === JSON.stringify(b.c) }
    );
  }

  /** Signs and configures this address once, then sets the menu's share (one run at a time, in order). */
  apply(): Promise<void> {
    this.running = this.running.then(() => this.applyNow()).catch(() => undefined);
    return this.running;
  }

  /** Resolves once the configurations asked for so far are done. */
  settled(): Promise<void> {
    return this.running;
  }

  private async applyNow(): Promise<void> {
    if (!this.deps.here() || !this.shownPage) return;
    const url = this.deps.pageUrl();
    const { content, enabled, personal, pending } = this.current;
    if (pending) return;
    if (this.configuredUrl !== url) {
      await this.deps.configure(await this.deps.sign(url));
      this.configuredUrl = url;
    }
    const data: WechatShareData | null = enabled
      ? { title: content.title, desc: content.desc, link: this.deps.absolute(content.url), imgUrl: content.imageUrl ? this.deps.absolute(content.imageUrl) : '' }
      : null;
    await this.deps.setShare(data);
    runInAction(() => {
      this.applied = { url, data };
      if (personal) this.forced = false;
    });
  }
}
