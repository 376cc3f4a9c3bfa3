/**
 * The gallery header's counts under live events (issue 12, live state): the
 * photo count follows image_add / image_show / image_hide / image_delete, one
 * step per photo id however often a frame repeats, and the view count never
 * reads less than the visitors the page shows next to it.
 */

/**
 * Visible-or-not per photo id since the gallery's counts were last read from
 * the server. A photo added or shown counts +1 only when it was not visible;
 * one hidden or deleted counts -1 only when it was. A photo the tracker has not
 * seen is taken as the server's count had it: visible for hide and delete,
 * not visible for add and show.
 */
export class PhotoCountTracker {
  private visible = new Map<number, boolean>();
  /** The sum of the steps since the last reset. */
  delta = 0;

  shown(ids: readonly number[]): number {
    let n = 0;
    for (const id of ids) {
      if (this.visible.get(id) === true) continue;
      this.visible.set(id, true);
      n++;
    }
    this.delta += n;
    return n;
  }

  gone(ids: readonly number[]): number {
    let n = 0;
    for (const id of ids) {
      if (this.visible.get(id) === false) continue;
      this.visible.set(id, false);
      n++;
    }
    this.delta -= n;
    return n;
  }

  /** The server's count was read again: it includes every step so far. */
  reset(): void {
    this.visible.clear();
    this.delta = 0;
  }
}

/** The photo count the header shows: the server's count moved by the live steps, never below 0. */
export function livePhotoCount(serverTotal: number, delta: number): number {
  return Math.max(0, serverTotal + delta);
}

/**
 * The view count the header shows. Views are counted from stats the page sends
 * when it is left, so on a first visit the server still says 0 views while the
 * visitor strip already counts this visitor. Every visitor viewed at least once,
 * so views read at least the unique visitors the server reports (uv) and the
 * visitor strip's total, as the common social apps never show fewer views than
 * visitors.
 */
export function shownViewCount(views: number, uniqueVisitors: number, visitorsShown: number): number {
  return Math.max(0, views, uniqueVisitors, visitorsShown);
}
