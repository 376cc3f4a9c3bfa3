import type { OverlayBackProps } from './overlay-back-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * Back closes the open overlay first: the interface. The build takes
 * overlay-back.h5.tsx (a history entry per open overlay) or
 * overlay-back.weapp.tsx (a page-container that takes the page's back); this
 * file is what type checking sees, and what a platform without one gets.
 */
export type { OverlayBackProps } from './overlay-back-core';

/** Browsers: hide the overlays' own history steps from the router (platform/router installs it before the router is created). */
export function installOverlayBack(): void {
  throw new UnsupportedPlatformCall('installOverlayBack', thisPlatform());
}

export default function OverlayBack(_props: OverlayBackProps): JSX.Element | null {
  throw new UnsupportedPlatformCall('OverlayBack', thisPlatform());
}
