import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtTabs from 'taro-ui/lib/components/tabs';
import AtTabsPane from 'taro-ui/lib/components/tabs-pane';
import { rememberedTab, rememberTab } from '../../stores/blocks/tabMemory';
import { measureHeight } from '../../platform/measure';
import type { PageComponentRenderProps } from '../types';
import './tab.scss';

/** After a tab change the panes are measured once layout has settled (spec part 1 §2: 16 ms). */
export const TAB_MEASURE_DELAY_MS = 16;

const domId = (id: string) => `tab-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * `tab`: taro-ui's AtTabs. `top` puts the bar above the content (an inactive pane takes no height);
 * `left` is AtTabs' vertical mode, whose panes stack in a box of fixed height: the shown pane's height
 * is measured 16 ms after each change. The visitor's last tab is remembered on the device per
 * component. A tab's components render from its first visit on.
 */
function Tab({ id, props, ctx }: PageComponentRenderProps<'tab'>) {
  const items = Array.isArray(props.items) ? props.items.filter((i) => i && typeof i.title === 'string' && i.title.trim()) : [];
  const galleryId = ctx.gallery.id;
  const [current, setCurrent] = useState(() => rememberedTab(galleryId, id, items.length, Number(props.active) || 0));
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([current]));
  const [height, setHeight] = useState<number | null>(null);
  const vertical = props.mode === 'left';
  const base = domId(id);

  useEffect(() => {
    if (!vertical) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      // The box is as tall as the shown pane, and never shorter than the column of tabs.
      void Promise.all([measureHeight(`#${base}-pane-${current}`), measureHeight(`#${base} .at-tabs__header`)]).then(([pane, bar]) => {
        if (live && pane !== null) setHeight(Math.ceil(Math.max(pane, bar ?? 0)));
      });
    }, TAB_MEASURE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [current, vertical, items.length]);

  if (!items.length) return null;
  const choose = (i: number) => {
    if (i === current || i < 0 || i >= items.length) return;
    setCurrent(i);
    setVisited((v) => new Set(v).add(i));
    rememberTab(galleryId, id, i);
  };
  return (
    <View id={base} className={`tab-block tab-block--${vertical ? 'left' : 'top'}`} data-testid="tab" data-mode={vertical ? 'left' : 'top'} data-current={current} data-height={height ?? ''}>
      <AtTabs
        current={current}
        tabList={items.map((i) => ({ title: i.title }))}
        onClick={choose}
        tabDirection={vertical ? 'vertical' : 'horizontal'}
        height={vertical && height !== null ? `${height}px` : ''}
        scroll={!vertical && items.length > 4}
        swipeable={false}
      >
        {items.map((item, i) => (
          <AtTabsPane key={`${id}-${i}`} current={current} index={i} tabDirection={vertical ? 'vertical' : 'horizontal'}>
            <View id={`${base}-pane-${i}`} className="tab-block__pane" data-testid="tab-pane" data-index={i} data-active={i === current ? 1 : 0}>
              {visited.has(i) ? ctx.renderChildren?.(Array.isArray(item.children) ? item.children : [], `${id}-${i}`) : null}
            </View>
          </AtTabsPane>
        ))}
      </AtTabs>
    </View>
  );
}

export default observer(Tab);
