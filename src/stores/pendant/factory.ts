import { PraiseStore } from './PraiseStore';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX())` and never say `new` (docs/architecture.md).
 * (The share pendant's modal: stores/share/factory.ts createShareSheetStore.)
 */

/** The good pendant's praise counts (kept per gallery on the device). */
export function createPraiseStore(): PraiseStore {
  return new PraiseStore();
}
