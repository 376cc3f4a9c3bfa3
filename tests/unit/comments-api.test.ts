/**
 * The client's comment calls (src/api/comments.ts) go through the declared contract: method,
 * path (with its parameters filled in), query and body as types/api/comments.ts says.
 */
const sent: Array<{ method: string; path: string; params: unknown }> = [];
jest.mock('../../src/api/client', () => ({
  request: (method: string, path: string, params?: unknown) => {
    sent.push({ method, path, params });
    return Promise.resolve({});
  },
  withRetry: <T>(fn: () => Promise<T>) => fn()
}));

import { commentApi } from '../../src/api/comments';

describe('comment api', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('posts, deletes and lists through the declared paths', async () => {
    await commentApi.post({ galleryid: 7, content: 'Hi' });
    await commentApi.add({ gallery_id: 7, content: 'Re', reply_id: 3 });
    await commentApi.destroy(3);
    await commentApi.del(4);
    await commentApi.list(7, { before: 9 });
    await commentApi.galleryList(7, 2);
    await commentApi.replyList([1, 2], 20);
    await commentApi.galleryShow(7, ['gift_detail', 'emotion_detail']);
    await commentApi.selfInfo(7);
    await commentApi.history(7, 3);
    expect(sent).toEqual([
      { method: 'POST', path: '/api/comment/post', params: { galleryid: 7, content: 'Hi' } },
      { method: 'POST', path: '/api/v2/comments/add', params: { gallery_id: 7, content: 'Re', reply_id: 3 } },
      { method: 'POST', path: '/api/comment/destroy', params: { id: 3 } },
      { method: 'POST', path: '/api/v2/comment/del', params: { id: 4 } },
      { method: 'GET', path: '/api/comment/list', params: { galleryid: 7, before: 9 } },
      { method: 'GET', path: '/api/v2/comments/7/list', params: { page: 2 } },
      { method: 'GET', path: '/api/v2/comments/replylist', params: { ids: '1,2', _limit: 20, _offset: 0 } },
      { method: 'GET', path: '/api/v2/gallery/show', params: { id: 7, _with: 'gift_detail,emotion_detail' } },
      { method: 'GET', path: '/api/v2/block/7/selfinfo', params: undefined },
      { method: 'GET', path: '/api/v2/comments/history', params: { galleryid: 7, kind: 'danmuku', paging: 1, page: 3 } }
    ]);
  });
});
