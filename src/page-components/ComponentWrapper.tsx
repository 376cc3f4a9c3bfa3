import type { CSSProperties, ReactNode } from 'react';
import { View } from '@tarojs/components';
import type { Theme } from '../../types/api/gallery';
import type { ComponentWrapper as WrapperConfig } from '../../types/page';

/** Types that sit in their wrapper's colours but get no container style (spec part 2 §1). */
export const NO_CONTAINER_TYPES: ReadonlySet<string> = new Set(['commentsend']);

const px = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? `${n}px` : undefined);

/** Wrapper colours: its background, and its text colour (the theme's h1 by default). */
export function wrapperStyle(wrapper: WrapperConfig | undefined, theme: Theme): CSSProperties {
  const style: CSSProperties = { color: wrapper?.color || theme.h1 };
  if (wrapper?.background) style.background = wrapper.background;
  return style;
}

/**
 * Container (card) style: margin, padding, corner radius and card background
 * (the theme's component colour by default). Sizes are CSS px as configured.
 * Null when the type gets none or none is configured.
 */
export function containerStyle(type: string, wrapper: WrapperConfig | undefined, theme: Theme): CSSProperties | null {
  const c = wrapper?.container;
  if (!c || NO_CONTAINER_TYPES.has(type)) return null;
  const style: CSSProperties = { background: c.background || theme.component, overflow: 'hidden' };
  if (px(c.margin)) style.margin = px(c.margin);
  if (px(c.padding)) style.padding = px(c.padding);
  if (px(c.radius)) style.borderRadius = px(c.radius);
  return style;
}

interface Props {
  type: string;
  wrapper?: WrapperConfig;
  theme: Theme;
  children: ReactNode;
}

/** The wrapper every page component sits in: its colours, then its container. */
export function ComponentWrapper({ type, wrapper, theme, children }: Props) {
  const container = containerStyle(type, wrapper, theme);
  return (
    <View className="pc-wrapper" data-testid="component-wrapper" data-type={type} style={wrapperStyle(wrapper, theme)}>
      {container ? (
        <View className="pc-container" data-testid="component-container" style={container}>
          {children}
        </View>
      ) : (
        children
      )}
    </View>
  );
}
