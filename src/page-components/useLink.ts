import { useCallback } from 'react';
import type { Link } from '../../types/page/link';
import { usePageStores } from '../stores/RootStore';
import { followLink } from '../stores/links/follow';
import type { PageRenderContext } from './types';

/** Follows a component's link: modal images in the page's modal; `home` to this event's top page. */
export function useLinkFollower(ctx: PageRenderContext): (link: Link | undefined) => void {
  const page = usePageStores();
  const home = ctx.gallery.parent_link_id || ctx.gallery.link_id;
  return useCallback((link: Link | undefined) => followLink(link, { modal: page.modalImage, miniProgram: page.miniProgram, homeLinkId: home }), [page, home]);
}
