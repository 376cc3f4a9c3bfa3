import { makeAutoObservable } from 'mobx';
import { MAX_DOWNLOAD_NUM, MIN_DOWNLOAD_NUM } from '../../../types/api/download';
import type { MessageKey } from '../../i18n';

/** What the selection is for; jigsaw has its own kinds (spec part 2 §5). */
export type SelectionPurpose = 'download' | 'share' | 'jigsaw';
export type JigsawKind = 'long' | 'poster' | 'grid';

export interface SelectionLimits {
  min: number;
  max: number;
  /** Alert over the maximum (takes {num}). */
  maxAlert: MessageKey;
  /** Alert under the minimum on submit (takes {num}). */
  minAlert: MessageKey;
}

/**
 * Spec part 2 §5: minimum 2 for a long jigsaw, 1 otherwise ('min-jigsaw' / 'min-download');
 * maximum 12 for long, 1 for poster, 50 for download or share, 9 otherwise
 * (part 1 §5: alerts MAX_DOWNLOAD_NUM, MAX_JIGSAW_NUM, MAX_SHARE_NUM with {num}).
 */
export function selectionLimits(purpose: SelectionPurpose, jigsaw: JigsawKind = 'grid'): SelectionLimits {
  if (purpose === 'download') return { min: MIN_DOWNLOAD_NUM, max: MAX_DOWNLOAD_NUM, maxAlert: 'select.MAX_DOWNLOAD_NUM', minAlert: 'select.min-download' };
  if (purpose === 'share') return { min: 1, max: 50, maxAlert: 'select.MAX_SHARE_NUM', minAlert: 'select.min-download' };
  if (jigsaw === 'long') return { min: 2, max: 12, maxAlert: 'select.MAX_JIGSAW_NUM', minAlert: 'select.min-jigsaw' };
  return { min: 1, max: jigsaw === 'poster' ? 1 : 9, maxAlert: 'select.MAX_JIGSAW_NUM', minAlert: 'select.min-download' };
}

export interface SelectionAlert {
  key: MessageKey;
  num: number;
}

/**
 * Selection mode of a photo list (spec part 1 §4/§5): photos are added to or
 * removed from an ordered list (the checkbox badge shows the position); going
 * over the purpose's maximum, or submitting under its minimum, gives an alert.
 */
export class SelectionStore {
  purpose: SelectionPurpose | null = null;
  jigsaw: JigsawKind = 'grid';
  ids: number[] = [];

  constructor(private alert: (a: SelectionAlert) => void = () => undefined) {
    makeAutoObservable<SelectionStore, 'alert'>(this, { alert: false });
  }

  get active(): boolean {
    return this.purpose !== null;
  }

  get limits(): SelectionLimits | null {
    return this.purpose ? selectionLimits(this.purpose, this.jigsaw) : null;
  }

  get count(): number {
    return this.ids.length;
  }

  start(purpose: SelectionPurpose, jigsaw: JigsawKind = 'grid'): void {
    this.purpose = purpose;
    this.jigsaw = jigsaw;
    this.ids = [];
  }

  cancel(): void {
    this.purpose = null;
    this.ids = [];
  }

  /** 1-based badge number of a selected photo, 0 when not selected. */
  badge(id: number): number {
    return this.ids.indexOf(id) + 1;
  }

  isSelected(id: number): boolean {
    return this.ids.includes(id);
  }

  /** Add or remove one photo; adding past the maximum alerts and adds nothing. */
  toggle(id: number): boolean {
    const limits = this.limits;
    if (!limits) return false;
    const at = this.ids.indexOf(id);
    if (at >= 0) {
      this.ids.splice(at, 1);
      return true;
    }
    if (this.ids.length >= limits.max) {
      this.alert({ key: limits.maxAlert, num: limits.max });
      return false;
    }
    this.ids.push(id);
    return true;
  }

  /** The selected ids when their count is within the limits, else null after the alert. */
  submit(): number[] | null {
    const limits = this.limits;
    if (!limits) return null;
    if (this.ids.length < limits.min) {
      this.alert({ key: limits.minAlert, num: limits.min });
      return null;
    }
    if (this.ids.length > limits.max) {
      this.alert({ key: limits.maxAlert, num: limits.max });
      return null;
    }
    return this.ids.slice();
  }
}
