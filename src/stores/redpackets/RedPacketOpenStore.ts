import { makeAutoObservable, runInAction } from 'mobx';
import type { LiveEventMap, LiveHandlers } from '../../../types/live';
import { RED_PACKET_MESSAGES, type AskResult, type RedPacket, type RedPacketDetail } from '../../../types/api/redpackets';
import { t } from '../../i18n';
import { redPacketApi, type RedPacketApi } from '../../api/redpackets';
import { showAlert } from '../../platform/redpacket';
import { GotCache } from './GotCache';
import { RED_PACKET_OPEN_DELAY_MS, liveDelayMs, packetView, type PacketView, type PacketViewStatus } from './redPacketRules';

type Timer = ReturnType<typeof setTimeout>;

/** What the open modal needs of a packet (a live message carries this much). */
export type PacketSummary = Pick<RedPacket, 'id' | 'amount' | 'number' | 'type' | 'content' | 'nickname' | 'photo' | 'posttype' | 'posttime' | 'notice' | 'noticestep'>;

export interface OpenDeps {
  galleryId: number;
  api: Pick<RedPacketApi, 'ask' | 'get' | 'list' | 'detail'>;
  got: GotCache;
  watch: (gallery: number, handlers: LiveHandlers) => () => void;
  requireLogin: () => Promise<boolean>;
  /** The phone sign-up: true once bound. */
  signUp: () => Promise<boolean>;
  alert: (text: string) => void;
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Unix seconds. */
  nowS: () => number;
}

/**
 * Opening red packets (spec part 3 §4, §7): the open modal's status flow, ask → get, the
 * device's got-packet cache, the 500 ms open delay, live messages delayed 1 to 5 s at random,
 * and the list and detail views.
 */
export class RedPacketOpenStore {
  current: PacketSummary | null = null;
  status: PacketViewStatus = '';
  /** The viewer's share of `current` in cents, once got. */
  amount: number | null = null;
  opening = false;
  detail: RedPacketDetail | null = null;
  detailOpen = false;
  list: RedPacket[] = [];
  listOpen = false;
  private unwatch: (() => void) | null = null;
  private timers = new Set<Timer>();
  private deps: OpenDeps;

  constructor(deps: Pick<OpenDeps, 'galleryId' | 'watch'> & Partial<OpenDeps>) {
    this.deps = {
      api: redPacketApi,
      got: new GotCache(),
      requireLogin: async () => true,
      signUp: async () => false,
      alert: (text) => void showAlert(text),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (tm) => clearTimeout(tm),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      random: Math.random,
      nowS: () => Math.floor(Date.now() / 1000),
      ...deps
    };
    makeAutoObservable<RedPacketOpenStore, 'deps' | 'unwatch' | 'timers'>(this, { deps: false, unwatch: false, timers: false });
  }

  get view(): PacketView {
    return packetView(this.status);
  }

  /** A target-time packet before its time: the advance notice shows. */
  get beforeTime(): boolean {
    return !!this.current && this.current.posttype === 'target' && this.current.posttime > this.deps.nowS();
  }

  /** Listen to the gallery's red packet messages; each shows after 1 to 5 s at random. */
  start(): void {
    if (this.unwatch) return;
    this.unwatch = this.deps.watch(this.deps.galleryId, {
      redpackage: (data) => this.delayLive(data)
    });
  }

  stop(): void {
    this.unwatch?.();
    this.unwatch = null;
    for (const tm of this.timers) this.deps.clearTimeout(tm);
    this.timers.clear();
  }

  private delayLive(data: LiveEventMap['redpackage']): void {
    if (data.galleryid !== this.deps.galleryId) return;
    const tm = this.deps.setTimeout(() => {
      this.timers.delete(tm);
      // Already on screen (the sender's own packet opens when it is paid, and may be opened before
      // its live message comes back): showing it again would wipe the amount just opened.
      if (this.current?.id === data.id) return;
      void this.show(data);
    }, liveDelayMs(this.deps.random));
    this.timers.add(tm);
  }

  /** Show the open modal of a packet: status '' first, then the device's answer or the server's. */
  async show(p: PacketSummary & Partial<Pick<RedPacket, 'status' | 'my_amount'>>): Promise<void> {
    runInAction(() => {
      this.current = p;
      this.status = '';
      this.amount = null;
      this.detailOpen = false;
    });
    if (this.deps.got.has(p.id)) {
      runInAction(() => (this.status = 'done'));
      return;
    }
    let status = p.status;
    let mine = p.my_amount ?? null;
    if (!status) {
      const found = (await this.deps.api.list(this.deps.galleryId).catch(() => [] as RedPacket[])).find((x) => x.id === p.id);
      status = found?.status ?? (p.posttype === 'target' && p.posttime > this.deps.nowS() ? 'wait' : 'open');
      mine = found?.my_amount ?? null;
    }
    if (this.current?.id !== p.id) return;
    if (status === 'done') this.deps.got.add(p.id);
    runInAction(() => {
      this.status = status!;
      this.amount = mine;
    });
  }

  close(): void {
    this.current = null;
    this.status = '';
    this.amount = null;
  }

  /** The Open tap: 500 ms, then the device's cache or ask (welcome → get; phone → sign-up, then ask again). */
  async open(): Promise<void> {
    const p = this.current;
    if (!p || this.opening) return;
    this.opening = true;
    try {
      await this.deps.sleep(RED_PACKET_OPEN_DELAY_MS);
      if (this.deps.got.has(p.id)) {
        runInAction(() => (this.status = 'done'));
        return;
      }
      if (!(await this.deps.requireLogin())) return;
      let r: AskResult = await this.deps.api.ask(p.id);
      if (r.status === 'phone') {
        if (!(await this.deps.signUp())) return;
        r = await this.deps.api.ask(p.id);
      }
      await this.answer(p.id, r);
    } catch (e) {
      this.deps.alert((e as Error)?.message || t('redpacket.somethingWrong'));
    } finally {
      runInAction(() => (this.opening = false));
    }
  }

  private async answer(id: number, r: AskResult): Promise<void> {
    switch (r.status) {
      case 'welcome': {
        const g = await this.deps.api.get(id);
        if (g.status === 'done' || g.status === 'end' || g.status === 'close') this.deps.got.add(id);
        runInAction(() => {
          this.status = g.status === 'welcome' ? 'open' : g.status;
          this.amount = g.amount;
        });
        if (g.status !== 'done') await this.showDetail(id);
        return;
      }
      case 'wait':
        this.deps.alert(t('redpacket.statusException'));
        return;
      case 'forbidden':
        this.deps.got.add(id);
        runInAction(() => (this.status = 'done'));
        this.deps.alert(t('redpacket.cannotOpen'));
        return;
      case 'phone':
        // Still not signed up after the sign-up: the server's word.
        this.deps.alert(r.msg || RED_PACKET_MESSAGES.ASK_FORBIDDEN);
        return;
      default:
        this.deps.got.add(id);
        runInAction(() => {
          this.status = r.status;
          this.amount = r.packet.my_amount;
          if (r.detail) {
            this.detail = r.detail;
            this.detailOpen = true;
          }
        });
        if (!r.detail) await this.showDetail(id);
    }
  }

  /** 'View details': the recipients with the best-luck mark. */
  async showDetail(id = this.current?.id, page = 1): Promise<void> {
    if (!id) return;
    try {
      const d = await this.deps.api.detail(id, page);
      runInAction(() => {
        this.detail = page > 1 && this.detail && this.detail.packet.id === id ? { ...d, items: [...this.detail.items, ...d.items] } : d;
        this.detailOpen = true;
      });
    } catch (e) {
      this.deps.alert((e as Error)?.message || t('redpacket.somethingWrong'));
    }
  }

  closeDetail(): void {
    this.detailOpen = false;
  }

  /** The gallery's packets (newest first). */
  async showList(): Promise<void> {
    const l = await this.deps.api.list(this.deps.galleryId).catch(() => [] as RedPacket[]);
    runInAction(() => {
      this.list = l;
      this.listOpen = true;
    });
  }

  closeList(): void {
    this.listOpen = false;
  }

  /** A packet of the list tapped: its open modal. */
  pick(p: RedPacket): void {
    this.listOpen = false;
    void this.show(this.deps.got.has(p.id) ? { ...p, status: 'done' } : p);
  }
}
