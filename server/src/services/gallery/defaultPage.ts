import type { PageComponent, PageData } from '../../../../types/page';
import type { SlideheadProps } from '../../../../types/page/slidehead';
import { IMAGE_HASH_RE } from '../../../../types/image-style';

/**
 * The page a gallery gets when the organiser creates it without one (issue 12,
 * Experience 7): the same component types the demo uses (server/src/demo/demo.ts),
 * in this order:
 * - `slidehead`: the head image, showing the gallery's cover (`from_cover`), which
 *   follows its first photo until the organiser sets one (AutoCover);
 * - `gallery`: its sub-galleries as cards (renders nothing while it has none);
 * - `photo`: the photo list in two columns with the tag bar;
 * - `navigator`: the bottom navigation with the Me tab (我的), so "Me" can be reached.
 * The gallery header (name, status, counts) is the page's own and always shows.
 * An organiser's pagedata replaces all of it (POST /api/v2/organizer/galleries{,/:id/page}).
 */
export function defaultPageData(): PageData {
  return {
    components: [
      { id: 'head', type: 'slidehead', props: { items: [], interval: 5000, ratio: 0.5, from_cover: true } satisfies SlideheadProps },
      { id: 'galleries', type: 'gallery', props: { mode: 1, ids: [], search: false, title: '' } },
      { id: 'photos', type: 'photo', props: { gallery_id: 0, mode: '2', show_tags: true } },
      { id: 'nav', type: 'navigator', props: { show_my: true, home_label: 'home' } }
    ]
  };
}

/**
 * The page as clients get it: a `slidehead` with `from_cover` and no slides of its own
 * shows the cover as its one slide (none while the gallery has no cover, so the
 * head takes no room). Everything else is passed through as stored.
 */
export function resolvePageData(pagedata: PageData | null, cover: string | null): PageData | null {
  if (!pagedata || !Array.isArray(pagedata.components)) return pagedata;
  const coverHash = cover && IMAGE_HASH_RE.test(cover) ? cover : null;
  let changed = false;
  const components = pagedata.components.map((c): PageComponent => {
    if (!c || c.type !== 'slidehead' || !c.props || c.props.from_cover !== true) return c;
    const items = c.props.items;
    if (Array.isArray(items) && items.length > 0) return c;
    changed = true;
    return { ...c, props: { ...c.props, items: coverHash ? [{ image: coverHash }] : [] } };
  });
  return changed ? { ...pagedata, components } : pagedata;
}
