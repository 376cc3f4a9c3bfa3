import type { Link } from '../../../types/page/link';
import { openLink, opensMiniPrograms } from '../../platform/navigate';
import type { ModalImageStore } from './ModalImageStore';
import type { MiniProgramHintStore } from './MiniProgramHintStore';

/** What following a link needs from the page: its image modal and the event's top page. */
export interface LinkContext {
  modal: ModalImageStore;
  /** The page's sheet explaining how to open a mini-program (where a miniprogram link cannot open it). */
  miniProgram?: MiniProgramHintStore;
  /** Link id of the event's own top page (link type `home`). */
  homeLinkId?: string;
}

/**
 * Follow a configured link from any component: modal images open in the page's modal; a miniprogram
 * link opens the mini-program (inside one) or the page's sheet saying how (browsers); the rest navigate.
 */
export function followLink(link: Link | undefined, ctx: LinkContext): void {
  if (!link) return;
  if (link.type === 'modal-image') return ctx.modal.show(link);
  if (link.type === 'miniprogram' && !opensMiniPrograms()) return ctx.miniProgram?.show(link);
  openLink(link, { homeLinkId: ctx.homeLinkId });
}

/** A link that does something when followed (not `empty`, not a modal without an image). */
export function isActiveLink(link: Link | undefined): link is Link {
  if (!link || !link.type || link.type === 'empty') return false;
  if (link.type === 'modal-image') return !!link.modalcontent;
  return true;
}

/** Every modal-image link marked modalauto anywhere in a page's components (props and nested children), in page order. */
export function autoModalLinks(value: unknown, out: Link[] = [], depth = 0): Link[] {
  if (depth > 12 || !value || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const v of value) autoModalLinks(v, out, depth + 1);
    return out;
  }
  const o = value as Record<string, unknown>;
  if (o.type === 'modal-image' && o.modalauto === true && typeof o.modalcontent === 'string' && o.modalcontent) out.push(o as unknown as Link);
  for (const v of Object.values(o)) if (v && typeof v === 'object') autoModalLinks(v, out, depth + 1);
  return out;
}
