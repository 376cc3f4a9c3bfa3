import { useEffect, type ComponentType } from 'react';
import { View } from '@tarojs/components';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { componentProps, isKnownComponentType, type PageComponent, type PageData } from '../../types/page';
import { usePageStores } from '../stores/RootStore';
import { autoModalLinks } from '../stores/links/follow';
import { ComponentWrapper } from './ComponentWrapper';
import { ErrorBoundary } from './ErrorBoundary';
import { ModalImageHost } from './ModalImageHost';
import { MiniProgramHost } from './MiniProgramHost';
import { registry, UNWRAPPED_TYPES } from './registry';
import type { PageComponentRenderProps, PageRenderContext } from './types';

interface Props {
  pagedata: PageData | null;
  context: PageRenderContext;
}

type AnyRenderer = ComponentType<PageComponentRenderProps<never>>;
type Ctx = PageComponentRenderProps<never>['ctx'];

/** Nesting depth at which containers stop rendering children (pagedata is organiser input). */
const MAX_DEPTH = 4;

function renderComponents(components: PageComponent[], ctx: Ctx, prefix: string, depth: number) {
  if (depth > MAX_DEPTH) return null;
  const nested: Ctx = { ...ctx, renderChildren: (children, key) => renderComponents(children, nested, key, depth + 1) };
  return components.map((c: PageComponent, i) => {
    if (!c || typeof c.type !== 'string' || !isKnownComponentType(c.type)) return null;
    const type = c.type;
    const id = c.id || `${prefix}${type}-${i}`;
    const Renderer = registry[type] as unknown as AnyRenderer;
    const raw = c.props && typeof c.props === 'object' && !Array.isArray(c.props) ? c.props : undefined;
    const props = componentProps(type, raw) as never;
    const body = <Renderer id={id} props={props} ctx={nested} />;
    return (
      <ErrorBoundary key={`${prefix}${id}-${i}`} label={`${type}#${id}`}>
        {UNWRAPPED_TYPES.has(type) ? body : (
          <ComponentWrapper type={type} wrapper={c.wrapper} theme={ctx.theme}>
            {body}
          </ComponentWrapper>
        )}
      </ErrorBoundary>
    );
  });
}

/**
 * A gallery's pagedata, top to bottom: each known component in its wrapper; unknown types render
 * nothing. Containers (collapse, empty) render their children through ctx.renderChildren. The
 * page's image modal lives here, and an automatic one opens when the page shows.
 */
export function PageRenderer({ pagedata, context }: Props) {
  const page = usePageStores();
  const theme = context.theme ?? context.gallery.config?.theme ?? DEFAULT_THEME;
  const components = Array.isArray(pagedata?.components) ? pagedata!.components : [];
  useEffect(() => {
    page.modalImage.autoShow(autoModalLinks(components));
  }, [page, components]);
  return (
    <View className="page-renderer" data-testid="page-renderer">
      {renderComponents(components, { ...context, theme }, '', 0)}
      <ModalImageHost ctx={{ ...context, theme }} />
      <MiniProgramHost />
    </View>
  );
}

export default PageRenderer;
