import * as collage from './collage';
import type { CollageModule } from './collage-loader';

/** The mini-program has no async chunks: the collage code is bundled. */
export function loadCollage(): Promise<CollageModule> {
  return Promise.resolve(collage);
}
