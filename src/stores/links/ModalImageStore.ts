import { makeAutoObservable } from 'mobx';
import type { Link } from '../../../types/page/link';
import { readStored, writeStored } from '../../platform/storage';

/** An automatic image modal shows again only after this long (spec part 2 §9: 86400000 ms). */
export const MODAL_AUTO_INTERVAL_MS = 86_400_000;

/** Device storage key of a modal content's next-allowed time (spec part 3 §3: modal_content_{id}). */
export const modalStorageKey = (content: string) => `modal_content_${content}`;

export interface ModalImage {
  /** The image's hash. */
  image: string;
  /** Where a tap on the image leads. */
  link?: Link;
}

/**
 * The page's image modal (links of type modal-image, from any component). A modal marked
 * `modalauto` opens by itself when its page opens, at most once per 24 h per image on this
 * device; a tap on a modal-image link always opens it.
 */
export class ModalImageStore {
  current: ModalImage | null = null;

  constructor(private now: () => number = Date.now) {
    makeAutoObservable<ModalImageStore, 'now'>(this, { now: false });
  }

  show(link: Link): void {
    if (link.type !== 'modal-image' || !link.modalcontent) return;
    this.current = { image: link.modalcontent, link: link.modallink };
  }

  /** Opens the first automatic modal among `links` whose 24 h have passed, and remembers when. */
  autoShow(links: Link[]): void {
    if (this.current) return;
    for (const link of links) {
      if (link.type !== 'modal-image' || !link.modalauto || !link.modalcontent) continue;
      const key = modalStorageKey(link.modalcontent);
      const until = Number(readStored<number | string>(key, 0)) || 0;
      if (until > this.now()) continue;
      writeStored(key, this.now() + MODAL_AUTO_INTERVAL_MS);
      this.show(link);
      return;
    }
  }

  close(): void {
    this.current = null;
  }
}
