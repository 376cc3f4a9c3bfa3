import { useEffect, useRef } from 'react';
import { reaction } from 'mobx';
import type { Gallery } from '../../../types/api/gallery';
import type { Photo } from '../../../types/api/photo';
import type { JigsawKind, SelectionPurpose, SelectionStore } from '../../stores/photos/SelectionStore';
import type { JigsawStore } from '../../stores/jigsaw/JigsawStore';
import type { LoginSheet } from '../../stores/login/loginPlace';
import { useStores } from '../../stores/RootStore';

/** The sheet kind the selection (and its collage preview) is kept under across a login. */
export const SELECTION_SHEET = 'selection';

const PURPOSES: readonly SelectionPurpose[] = ['download', 'share', 'jigsaw'];
const KINDS: readonly JigsawKind[] = ['long', 'poster', 'grid'];

interface Args {
  selection: SelectionStore;
  jigsaw: JigsawStore;
  gallery: Gallery;
  items: readonly Photo[];
  /** The bar's own submit (Download of the selection). */
  submit: () => Promise<void>;
}

/**
 * Selection mode and its collage preview across a login that leaves the page (issue 12:
 * back to the same open sheet). While open they describe themselves to the login (the
 * purpose, the kind, the selected photos, and what the login interrupted: the selection's
 * Download or the collage's Save); after the return the bar opens them again with the same
 * photos and the interrupted action goes on. Returns what the bar calls when it makes a
 * collage, so the preview knows its photos.
 */
export function useSelectionReturn({ selection, jigsaw, gallery, items, submit }: Args): (kind: JigsawKind, ids: number[]) => void {
  const { loginPrompt } = useStores();
  const collage = useRef<{ kind: JigsawKind; ids: number[] } | null>(null);
  const latest = useRef({ items, submit });
  latest.current = { items, submit };

  useEffect(
    () =>
      loginPrompt.places.trackSheet((): LoginSheet | null => {
        const interrupted = loginPrompt.reason === 'download';
        if (jigsaw.open && collage.current) {
          const { kind, ids } = collage.current;
          return { kind: SELECTION_SHEET, data: { gallery: gallery.id, purpose: 'jigsaw', jigsaw: kind, ids, preview: 1, then: interrupted ? 'save' : '' } };
        }
        if (!selection.purpose) return null;
        const then = interrupted && selection.purpose === 'download' ? 'download' : '';
        return { kind: SELECTION_SHEET, data: { gallery: gallery.id, purpose: selection.purpose, jigsaw: selection.jigsaw, ids: selection.ids.slice(), preview: 0, then } };
      }),
    [loginPrompt, selection, jigsaw, gallery.id]
  );

  useEffect(() => {
    const reopen = async (data: LoginSheet['data']) => {
      const purpose = PURPOSES.find((p) => p === data.purpose);
      const kind = KINDS.find((k) => k === data.jigsaw) ?? 'grid';
      const ids = Array.isArray(data.ids) ? data.ids : [];
      const byId = new Map(latest.current.items.map((p) => [p.id, p]));
      const photos = ids.map((id) => byId.get(id)).filter((p): p is Photo => !!p);
      if (!purpose || !photos.length) return;
      if (data.preview) {
        collage.current = { kind, ids: photos.map((p) => p.id) };
        if ((await jigsaw.make(kind === 'long' ? 'long' : 'grid', photos, gallery.link_id || String(gallery.id))) && data.then === 'save') await jigsaw.save();
        return;
      }
      selection.start(purpose, kind);
      for (const p of photos) selection.toggle(p.id);
      if (data.then === 'download') await latest.current.submit();
    };
    return reaction(
      () => loginPrompt.places.pendingSheet,
      (sheet) => {
        if (!sheet || sheet.kind !== SELECTION_SHEET || sheet.data.gallery !== gallery.id) return;
        const taken = loginPrompt.places.takeSheet(SELECTION_SHEET);
        if (taken) void reopen(taken.data);
      },
      { fireImmediately: true }
    );
  }, [loginPrompt, selection, jigsaw, gallery.id]);

  return (kind, ids) => {
    collage.current = { kind, ids };
  };
}
