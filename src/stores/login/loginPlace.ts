import { makeAutoObservable, observableRef } from 'mobx';

/**
 * Where the visitor was when a full-page login started, to come back to after the reload:
 * the page's scroll offset and the photo open in the viewer (issue 12).
 */
export interface LoginPlace {
  /** The page's scroll offset (CSS px). */
  scroll: number;
  /** The photo open in the viewer, with its gallery. */
  photo?: { id: number; gallery: number };
  /** The sheet (or mode) that was open, as its component described it (trackSheet). */
  sheet?: LoginSheet;
}

/** An open sheet as its component describes it, to open it again after the return (e.g. the selection and its collage). */
export interface LoginSheet {
  kind: string;
  data: Record<string, string | number | number[]>;
}

/** At most this many ids in a stored sheet (the selection's maximum is 50). */
const SHEET_MAX_IDS = 100;

/** A stored place as read back (storage is outside the app: anything may be there). */
export function readPlace(v: unknown): LoginPlace | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const scroll = Number(o.scroll);
  const place: LoginPlace = { scroll: Number.isFinite(scroll) && scroll > 0 ? Math.round(scroll) : 0 };
  const p = o.photo as Record<string, unknown> | null | undefined;
  const id = Number(p?.id);
  const gallery = Number(p?.gallery);
  if (id > 0 && gallery > 0 && Number.isInteger(id) && Number.isInteger(gallery)) place.photo = { id, gallery };
  const sheet = readSheet(o.sheet);
  if (sheet) place.sheet = sheet;
  return place;
}

function readSheet(v: unknown): LoginSheet | null {
  if (!v || typeof v !== 'object') return null;
  const { kind, data } = v as Record<string, unknown>;
  if (typeof kind !== 'string' || !kind || kind.length > 40 || !data || typeof data !== 'object') return null;
  const out: LoginSheet['data'] = {};
  for (const [k, x] of Object.entries(data as Record<string, unknown>)) {
    if (typeof x === 'string' && x.length <= 200) out[k] = x;
    else if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
    else if (Array.isArray(x) && x.length <= SHEET_MAX_IDS && x.every((n) => Number.isInteger(n))) out[k] = x as number[];
  }
  return { kind, data: out };
}

/**
 * Where the visitor is, asked when a login leaves the page: the page tells its scroll
 * offset and the viewer's photo (trackPlace), a component with an open sheet or mode
 * describes it (trackSheet). After the return the sheet waits in `pendingSheet` until
 * its component takes it and opens it again.
 */
export class PlaceTracker {
  /** After the return: a sheet to open again, until its component takes it (takeSheet). */
  pendingSheet: LoginSheet | null = null;
  private placeOf: (() => LoginPlace | null) | null = null;
  private sheets = new Set<() => LoginSheet | null>();

  constructor() {
    makeAutoObservable<PlaceTracker, 'placeOf' | 'sheets'>(this, { placeOf: false, sheets: false, pendingSheet: observableRef });
  }

  /** The page says where the visitor is (scroll, the viewer's photo); returns the stop (a page that goes away). */
  trackPlace(placeOf: () => LoginPlace | null): () => void {
    this.placeOf = placeOf;
    return () => {
      if (this.placeOf === placeOf) this.placeOf = null;
    };
  }

  /** A component with a sheet (or mode) that can be opened again describes it while open (null when closed); returns the stop. */
  trackSheet(describe: () => LoginSheet | null): () => void {
    this.sheets.add(describe);
    return () => void this.sheets.delete(describe);
  }

  /** Where the visitor is now: the page's place and the open sheet. */
  current(): LoginPlace | null {
    let place: LoginPlace | null = null;
    try {
      place = this.placeOf?.() ?? null;
      for (const describe of this.sheets) {
        const sheet = describe();
        if (sheet) {
          place = { ...(place ?? { scroll: 0 }), sheet };
          break;
        }
      }
    } catch (e) {
      console.info('place not read', e);
    }
    return place;
  }

  /** After the return: this sheet is to open again (its component takes it). */
  restoreSheet(sheet: LoginSheet): void {
    this.pendingSheet = sheet;
  }

  /** The sheet of this kind waiting to open again, once. */
  takeSheet(kind: string): LoginSheet | null {
    const s = this.pendingSheet;
    if (!s || s.kind !== kind) return null;
    this.pendingSheet = null;
    return s;
  }
}
