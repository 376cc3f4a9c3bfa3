import { GuideStore, guideStorageKey } from './GuideStore';

/*
 * Stores the content components own (one instance each), built here rather than in UI code
 * (docs/architecture.md: components hold them with useState(() => createX(...))).
 */

/** The splash of one `guide` component. */
export function createGuideStore(pageLinkId: string, componentId: string, seconds: number, autoPlay: boolean): GuideStore {
  return new GuideStore(guideStorageKey(pageLinkId, componentId), seconds, autoPlay);
}
