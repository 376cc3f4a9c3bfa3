// The viewer's comment button (spec part 1 §2: a comment button with count next to the danmaku
// switch), in H5 and (TARO_ENV_JEST=weapp) the mini-program: shown only while the gallery takes
// comments, its count from the list's total, a tap opens the page's comment sheet.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import Viewer from '../../src/components/viewer';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { pageComments } from '../../src/stores/comments/factory';
import { commentApi } from '../../src/api/comments';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, makeGallery, makeRoot, photoPage, renderWith } from './helpers';
import { viewerMocks } from './viewer-helpers';

jest.mock('../../src/platform/preload');
jest.mock('../../src/api/viewer');
jest.mock('../../src/api/comments');
viewerMocks();

beforeEach(() => jest.mocked(commentApi.list).mockClear());

async function open(useComment: number) {
  jest.mocked(commentApi.list).mockResolvedValue({ items: [], total: 42, has_more: 0 });
  const root = makeRoot('en-US');
  jest.spyOn(root.live, 'watch').mockImplementation(() => () => undefined);
  const r = renderWith(<Viewer />, root);
  const list = new PhotoListStore({ galleryId: 1_000_001, order: 'desc' }, jest.fn(async () => photoPage(0, 3, 3)));
  await act(async () => {
    await list.loadMore();
  });
  await act(async () => {
    runInAction(() => (r.page.gallery.gallery = makeGallery({ config: { ...DEFAULT_CONFIG, use_comment: useComment } })));
    r.page.viewer.open(list, 0);
    await new Promise((res) => setTimeout(res, 0));
  });
  return { ...r, one: (id: string) => byTestId(r.container, id)[0] };
}

it('shows the comment count next to the danmaku switch and opens the sheet', async () => {
  const r = await open(1);
  expect(r.one('viewer-danmaku-toggle')).toBeDefined();
  expect(r.one('viewer-comment-button-count').textContent).toBe('42');
  expect(commentApi.list).toHaveBeenCalledWith(1_000_001, { pagesize: 1 });
  act(() => void fireEvent.click(r.one('viewer-comment-button')));
  expect(pageComments(r.page, 1_000_001, r.root).sheetOpen).toBe(true);
});

it('has no comment button when the gallery takes no comments', async () => {
  const r = await open(0);
  expect(r.one('viewer-comment-button')).toBeUndefined();
  expect(commentApi.list).not.toHaveBeenCalled();
});
