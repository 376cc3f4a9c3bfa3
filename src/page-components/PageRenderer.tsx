import type { ComponentType } from 'react';
import { View } from '@tarojs/components';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { componentProps, isKnownComponentType, type PageComponent, type PageData } from '../../types/page';
import { ComponentWrapper } from './ComponentWrapper';
import { ErrorBoundary } from './ErrorBoundary';
import { registry, UNWRAPPED_TYPES } from './registry';
import type { PageComponentRenderProps, PageRenderContext } from './types';

interface Props {
  pagedata: PageData | null;
  context: PageRenderContext;
}

type AnyRenderer = ComponentType<PageComponentRenderProps<never>>;

/** A gallery's pagedata, top to bottom: each known component in its wrapper; unknown types render nothing. */
export function PageRenderer({ pagedata, context }: Props) {
  const theme = context.theme ?? context.gallery.config?.theme ?? DEFAULT_THEME;
  const ctx = { ...context, theme };
  const components = Array.isArray(pagedata?.components) ? pagedata!.components : [];
  return (
    <View className="page-renderer" data-testid="page-renderer">
      {components.map((c: PageComponent, i) => {
        if (!c || typeof c.type !== 'string' || !isKnownComponentType(c.type)) return null;
        const type = c.type;
        const id = c.id || `${type}-${i}`;
        const Renderer = registry[type] as unknown as AnyRenderer;
        const raw = c.props && typeof c.props === 'object' && !Array.isArray(c.props) ? c.props : undefined;
        const props = componentProps(type, raw) as never;
        const body = <Renderer id={id} props={props} ctx={ctx} />;
        return (
          <ErrorBoundary key={`${id}-${i}`} label={`${type}#${id}`}>
            {UNWRAPPED_TYPES.has(type) ? body : (
              <ComponentWrapper type={type} wrapper={c.wrapper} theme={theme}>
                {body}
              </ComponentWrapper>
            )}
          </ErrorBoundary>
        );
      })}
    </View>
  );
}

export default PageRenderer;
