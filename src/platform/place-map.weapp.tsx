import { Map } from '@tarojs/components';
import type { PlaceMapProps } from './place-map-core';

/** The mini-program's native map, centred on the place with one marker. */
export default function PlaceMap({ place }: PlaceMapProps): JSX.Element {
  return (
    <Map
      className="place-map"
      data-testid="place-map"
      latitude={place.latitude}
      longitude={place.longitude}
      scale={16}
      markers={[{ id: 1, latitude: place.latitude, longitude: place.longitude, title: place.name, iconPath: '', width: 28, height: 36 }]}
      style={{ width: '100%', height: '180px' }}
      onError={() => undefined}
    />
  );
}
export type { PlaceMapProps } from './place-map-core';
