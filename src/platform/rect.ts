export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a photo cell is on screen, for the viewer's zoom from and back to it.
 * Browsers measure the visible cell; the mini-program answers null (its layout
 * is only measurable asynchronously), and the viewer fades and zooms instead.
 */
export function photoCellRect(photoId: number): Rect | null {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof document === 'undefined') return null;
    const cells = document.querySelectorAll(`[data-testid="photo-item"][data-id="${photoId}"]`);
    for (const cell of Array.from(cells)) {
      const r = cell.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight) return { left: r.left, top: r.top, width: r.width, height: r.height };
    }
    return null;
  }
  return null;
}
