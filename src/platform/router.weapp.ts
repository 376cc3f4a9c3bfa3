import { UnsupportedPlatformCall, WEAPP } from './unsupported';

/** The mini-program opens pages by path (platform/navigate turns spec URLs into page paths): no URL router. */
export function hasUrlRouter(): boolean {
  return false;
}

export function installPatternRoutes(): void {
  throw new UnsupportedPlatformCall('installPatternRoutes', WEAPP, 'pages open by path; ask hasUrlRouter() first');
}

export function installOverlayBack(): void {
  throw new UnsupportedPlatformCall('installOverlayBack', WEAPP, 'the page-container takes the page back; ask hasUrlRouter() first');
}

export function installChunkYield(): void {
  throw new UnsupportedPlatformCall('installChunkYield', WEAPP, 'the mini-program loads its pages itself; ask hasUrlRouter() first');
}
