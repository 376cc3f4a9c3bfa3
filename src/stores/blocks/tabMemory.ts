import { readStored, writeStored } from '../../platform/storage';

/** Device-storage key of the tab a visitor chose last in one tab component (spec part 1 §2: remembered per component). */
export const tabStorageKey = (galleryId: number, componentId: string) => `tab_${galleryId}_${componentId}`;

/** The remembered tab of a component, else its configured first tab; always one of its `count` tabs. */
export function rememberedTab(galleryId: number, componentId: string, count: number, initial: number, read = readStored): number {
  const stored = read<unknown>(tabStorageKey(galleryId, componentId), null);
  const pick = typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 && stored < count ? stored : initial;
  return Math.min(Math.max(0, Number.isInteger(pick) ? pick : 0), Math.max(0, count - 1));
}

export function rememberTab(galleryId: number, componentId: string, index: number, write = writeStored): void {
  write(tabStorageKey(galleryId, componentId), index);
}
