import type { GridCellProps } from './grid-cell-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * One absolutely placed photo of a windowed list: the interface. The build takes
 * grid-cell.h5.tsx (<div> + <img loading="lazy">) or grid-cell.weapp.tsx
 * (View + Image); this file is what type checking sees, and what a platform
 * without an implementation gets.
 */
export type { GridCellProps } from './grid-cell-core';

export default function GridCell(_props: GridCellProps): JSX.Element {
  throw new UnsupportedPlatformCall('GridCell', thisPlatform());
}
