// The mini-program's app.json: the main package holds the pages a visitor opens first,
// every other page is a sub-package of its own, and each page appears once.
import { PAGES, SUBPACKAGE_PAGES, type PageKey } from '../../types/routes';

(globalThis as unknown as { defineAppConfig: <T>(c: T) => T }).defineAppConfig = (c) => c;
// eslint-disable-next-line @typescript-eslint/no-var-requires
const config = require('../../src/app.config').default as { pages: string[]; subPackages: Array<{ root: string; pages: string[] }> };

describe('app config', () => {
  it('opens on the entry page and keeps the gallery, Me and permission pages in the main package', () => {
    expect(config.pages[0]).toBe(PAGES.index);
    expect(config.pages).toEqual([PAGES.index, PAGES.gallery, PAGES.me, PAGES.permission]);
  });

  it('puts each rarely opened page in a sub-package whose root is its folder, so its path stays the same', () => {
    const subPaths = config.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`));
    expect(subPaths).toEqual(SUBPACKAGE_PAGES.map((k) => PAGES[k]));
    const all = [...config.pages, ...subPaths].sort();
    expect(all).toEqual(Object.values(PAGES).sort());
    expect(new Set(all).size).toBe(all.length);
    for (const k of Object.keys(PAGES) as PageKey[]) expect(all).toContain(PAGES[k]);
  });
});
