import { memo } from 'react';
import { cellStyle, type GridCellProps } from './grid-cell-core';

export type { GridCellProps } from './grid-cell-core';

/**
 * One absolutely placed photo of a windowed list. A fast fling mounts dozens of
 * these per frame, so in browsers it is a plain <div> + <img loading="lazy">
 * (Taro's H5 View/Image are custom elements costing far more to create).
 * Memoised: scrolling re-renders the list, not the cells that stay on screen.
 */
function GridCell({ id, index, x, y, w, h, src, onTap, children }: GridCellProps) {
  return (
    <div className="photo-cell" data-testid="photo-item" data-id={id} data-index={index} style={cellStyle({ x, y, w, h })} onClick={() => onTap(index)}>
      <img className="photo-cell__image" src={src} alt="" loading="lazy" decoding="async" draggable={false} />
      {children}
    </div>
  );
}

export default memo(GridCell);
