import type { ReactNode } from 'react';

/** What both photo-cell implementations (grid-cell.h5.tsx, grid-cell.weapp.tsx) share. */
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

export const cellStyle = ({ x, y, w, h }: Pick<GridCellProps, 'x' | 'y' | 'w' | 'h'>) => ({ left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px` });
