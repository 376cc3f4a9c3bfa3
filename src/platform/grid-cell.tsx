import { memo, type ReactNode } from 'react';
import { View, Image } from '@tarojs/components';

export interface GridCellProps {
  id: number;
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
  src: string;
  onTap: (index: number) => void;
  children?: ReactNode;
}

/**
 * One absolutely placed photo of a windowed list. A fast fling mounts dozens of
 * these per frame, so in browsers it is a plain <div> + <img loading="lazy">
 * (Taro's H5 View/Image are custom elements costing far more to create); the
 * mini-program uses View + Image with lazyLoad. Memoised: scrolling re-renders
 * the list, not the cells that stay on screen.
 */
function GridCell({ id, index, x, y, w, h, src, onTap, children }: GridCellProps) {
  const style = { left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` };
  if (process.env.TARO_ENV === 'h5') {
    return (
      <div className="photo-cell" data-testid="photo-item" data-id={id} data-index={index} style={style} onClick={() => onTap(index)}>
        <img className="photo-cell__image" src={src} alt="" loading="lazy" decoding="async" draggable={false} />
        {children}
      </div>
    );
  }
  return (
    <View className="photo-cell" data-testid="photo-item" data-id={id} data-index={index} style={style} onClick={() => onTap(index)}>
      <Image className="photo-cell__image" src={src} mode="aspectFill" lazyLoad />
      {children}
    </View>
  );
}

export default memo(GridCell);
