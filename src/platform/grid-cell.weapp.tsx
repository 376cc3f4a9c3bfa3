import { memo } from 'react';
import { View, Image } from '@tarojs/components';
import { cellStyle, type GridCellProps } from './grid-cell-core';

export type { GridCellProps } from './grid-cell-core';

/** One absolutely placed photo of a windowed list: View + Image with lazyLoad. Memoised like the browser's. */
function GridCell({ id, index, x, y, w, h, src, onTap, children }: GridCellProps) {
  return (
    <View className="photo-cell" data-testid="photo-item" data-id={id} data-index={index} style={cellStyle({ x, y, w, h })} onClick={() => onTap(index)}>
      <Image className="photo-cell__image" src={src} mode="aspectFill" lazyLoad />
      {children}
    </View>
  );
}

export default memo(GridCell);
