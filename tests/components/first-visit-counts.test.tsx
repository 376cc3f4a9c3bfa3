import { runInAction } from 'mobx';
import { GalleryHeader } from '../../src/components/gallery-header';
import { byTestId, makeGallery, makeRoot, renderWith } from './helpers';

/**
 * Issue 12, Experience 12: on a first visit the header must never read "0 浏览"
 * (0 views) next to "1人来过" (1 visitor): the visit is counted in the visitor strip
 * before the cached view count catches up.
 */
describe('the header counts on a first visit', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`shows at least as many views as visitors (${locale})`, () => {
      const root = makeRoot(locale);
      const gallery = makeGallery({ view_detail: { gallery_id: 1_000_001, uv: 0, view: 0 } });
      runInAction(() => root.visits.latest.set(gallery.link_id, { total: 1, items: [{ photo: '', nickname: '' }] }));
      const { container } = renderWith(<GalleryHeader gallery={gallery} status="start" photoCount={0} />, root);
      const views = byTestId(container, 'stat-views')[0].textContent;
      const visitors = byTestId(container, 'visitor-total')[0].textContent;
      expect(visitors).toBe(locale === 'zh-CN' ? '1人来过' : '1 visitor');
      expect(views).toBe(locale === 'zh-CN' ? '1浏览' : '1view');
      expect(views).not.toMatch(/^0/);
    });
  }
});
