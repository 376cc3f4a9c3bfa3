import { makeAutoObservable } from 'mobx';
import type { Link } from '../../../types/page/link';

export interface MiniProgramTarget {
  appid: string;
  path?: string;
}

/**
 * The page's "open in WeChat" sheet: a miniprogram link followed where no mini-program can be
 * opened (a browser) names the mini-program and its page and says how to get there.
 */
export class MiniProgramHintStore {
  current: MiniProgramTarget | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  show(link: Link): void {
    if (link.type !== 'miniprogram' || !link.appid) return;
    this.current = link.path ? { appid: link.appid, path: link.path } : { appid: link.appid };
  }

  close(): void {
    this.current = null;
  }
}
