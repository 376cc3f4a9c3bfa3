import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * The URL router: the interface. The build takes router.h5.ts (spec URLs such
 * as /g/{link_id} resolve to their pages in Taro's H5 router) or router.weapp.ts
 * (no URL router); this file is what type checking sees, and what a platform
 * without an implementation gets.
 */
export function hasUrlRouter(): boolean {
  throw new UnsupportedPlatformCall('hasUrlRouter', thisPlatform());
}

/** Give the H5 router's page lookup the same pattern matching as src/routes.ts (before the router is created). */
export function installPatternRoutes(): void {
  throw new UnsupportedPlatformCall('installPatternRoutes', thisPlatform());
}

/** Overlays' own history steps (the viewer, sheets) stay hidden from the H5 router (before the router is created). */
export function installOverlayBack(): void {
  throw new UnsupportedPlatformCall('installOverlayBack', thisPlatform());
}

/** A page's code (its chunks, which the document names) evaluates in a task of its own, not in the app's start (before the router is created). */
export function installChunkYield(): void {
  throw new UnsupportedPlatformCall('installChunkYield', thisPlatform());
}
