import type { PlaceMapProps } from './place-map-core';

/** Browsers show no map tiles (the card's "Open map" opens the map app instead). */
export default function PlaceMap(_props: PlaceMapProps): JSX.Element | null {
  return null;
}
export type { PlaceMapProps } from './place-map-core';
