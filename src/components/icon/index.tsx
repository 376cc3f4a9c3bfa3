import { Text } from '@tarojs/components';
import './index.scss';

/**
 * Glyphs of taro-ui's icon font (taro-ui/lib/style/components/icon.scss) that the app
 * uses. The font is a CSS @font-face with an embedded woff, so the same markup draws
 * in the H5 app and the mini-program, and the glyph takes the text colour.
 */
export const ICON_NAMES = [
  'home', 'user', 'star', 'image', 'shopping-bag', 'arrow-up', 'reload', 'menu', 'close', 'link', 'bell', 'chevron-left', 'chevron-right',
  'camera', 'add', 'subtract', 'search', 'share', 'trash', 'edit',
  'download', 'heart', 'heart-2', 'settings', 'calendar', 'money', 'lock'
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export interface IconProps {
  name: IconName;
  /** CSS px; the glyph is square. Default: the surrounding font size. */
  size?: number;
  color?: string;
  className?: string;
  testId?: string;
}

/** One glyph of the icon font. Decorative: the control that holds it carries the label. */
export function Icon({ name, size, color, className, testId }: IconProps) {
  const style: Record<string, string> = {};
  if (size) style.fontSize = `${size}px`;
  if (color) style.color = color;
  return (
    <Text
      className={`icon at-icon at-icon-${name}${className ? ` ${className}` : ''}`}
      style={style}
      data-testid={testId}
      data-icon={name}
      aria-hidden="true"
    />
  );
}

export default Icon;
