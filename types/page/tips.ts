import type { Link } from './link';

/** `tips`: a one-line banner (scrolls when longer than the width). */
export interface TipsProps {
  text: string;
  link?: Link;
}

export const TIPS_DEFAULTS: TipsProps = { text: '' };
