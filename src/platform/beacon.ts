import type { BeaconPlatform } from './beacon-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * Sending stats as the visitor leaves: the interface. The build takes
 * beacon.h5.ts (sendBeacon, pagehide) or beacon.weapp.ts (a request, onAppHide);
 * this file is what type checking sees, and what a platform without an implementation gets.
 */
export * from './beacon-core';

export const sendOnLeave: BeaconPlatform['sendOnLeave'] = () => {
  throw new UnsupportedPlatformCall('sendOnLeave', thisPlatform());
};
export const onLeave: BeaconPlatform['onLeave'] = () => {
  throw new UnsupportedPlatformCall('onLeave', thisPlatform());
};
