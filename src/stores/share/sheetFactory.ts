import { ShareSheetStore } from './ShareSheetStore';

/*
 * Built here, not in UI code (docs/architecture.md). Its own file, so the share modal's
 * users (the gallery page's pendant, the viewer, the person page) do not load the image
 * share page's stores (factory.ts).
 */

/** A share modal (the share pendant's, the viewer's, the person page's) and its WeChat menu hint. */
export function createShareSheetStore(): ShareSheetStore {
  return new ShareSheetStore();
}
