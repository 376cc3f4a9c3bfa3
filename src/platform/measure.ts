import Taro from '@tarojs/taro';

/**
 * The height in px of the element `selector` finds (an id: `#tab-pane-x-0`), measured after
 * layout; null when it is not there. Both platforms answer through Taro's selector query (in the
 * mini-program layout is only measurable asynchronously, so browsers take the same path).
 */
export function measureHeight(selector: string): Promise<number | null> {
  return new Promise((resolve) => {
    try {
      Taro.createSelectorQuery()
        .select(selector)
        .boundingClientRect((r) => resolve(r && !Array.isArray(r) && typeof r.height === 'number' ? r.height : null))
        .exec();
    } catch {
      resolve(null);
    }
  });
}
