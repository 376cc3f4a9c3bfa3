import type { MapPlace } from '../../types/page/eventinfo';

export interface PlaceMapProps {
  place: MapPlace;
}
