import { action, makeObservable, observable } from 'mobx';
import { readStored, writeStored } from '../../platform/storage';
import { DANMAKU } from './danmakuRules';

export interface SwitchStorage {
  read: (key: string, fallback: boolean) => unknown;
  write: (key: string, value: unknown) => void;
}

const deviceStorage: SwitchStorage = { read: readStored, write: writeStored };

/**
 * The viewer's bullet-screen on/off (part 1 §2, §6; part 3 §3): one choice for the device,
 * remembered under `danSwitch`. On until the visitor turns it off.
 */
export class DanmakuSwitch {
  on: boolean;

  constructor(private storage: SwitchStorage = deviceStorage) {
    const stored = storage.read(DANMAKU.STORAGE_KEY, true);
    // Stored as a boolean; older values may be '0'/'1' or 0/1.
    this.on = !(stored === false || stored === 0 || stored === '0' || stored === 'false');
    makeObservable(this, { on: observable, set: action, toggle: action });
  }

  set(on: boolean): void {
    this.on = on;
    this.storage.write(DANMAKU.STORAGE_KEY, on);
  }

  toggle(): void {
    this.set(!this.on);
  }
}
