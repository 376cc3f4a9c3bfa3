import type { PlaceMapProps } from './place-map-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * A place on a map: the interface. The build takes place-map.weapp.tsx (the mini-program's
 * native map with a marker) or place-map.h5.tsx (no map tiles in browsers: nothing; the card
 * around it links to the map app). This file is what type checking sees.
 */
export type { PlaceMapProps } from './place-map-core';

export default function PlaceMap(_props: PlaceMapProps): JSX.Element | null {
  throw new UnsupportedPlatformCall('PlaceMap', thisPlatform());
}
