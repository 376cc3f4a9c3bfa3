import type { Link } from './link';

/** Floating action buttons (spec part 1 §2 pendants). */
export type PendentType =
  | 'download' | 'good' | 'refresh' | 'setting' | 'lang' | 'people' | 'event'
  | 'custom' | 'order' | 'jigsaw' | 'redpackage' | 'share' | 'top';

export interface PendentButton {
  type: PendentType;
  /** Image hash for the button icon (custom buttons); built-in types have their own icon. */
  image?: string;
  link?: Link;
  /** Hidden buttons go into the fold-out more-menu on mobile. */
  hidden?: boolean;
}

export interface PendentProps {
  buttons: PendentButton[];
}

export const PENDENT_DEFAULTS: PendentProps = { buttons: [] };
