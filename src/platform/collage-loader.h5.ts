import type { CollageModule } from './collage-loader';

/** Browsers: the collage code is its own chunk, fetched the first time a collage is made. */
export function loadCollage(): Promise<CollageModule> {
  return import('./collage');
}
