import { dispatchLive, LIVE_EVENT_NAMES, isLiveEventName, type LiveHandlers } from '../../types/live';

describe('live channel message map', () => {
  it('lists every message of the spec (part 3 §7)', () => {
    expect([...LIVE_EVENT_NAMES].sort()).toEqual(
      [
        'vote_status_change', 'vote_count', 'lucky_status_change', 'lucky_result_change', 'live_video_change', 'text', 'question',
        'comment_block_change', 'comment_block_all', 'image_add', 'image_delete', 'image_hide', 'image_show', 'image_check', 'image_uncheck',
        'redpackage'
      ].sort()
    );
  });

  it('dispatches a message to its handler with its room', () => {
    const added: Array<[number, number]> = [];
    const handlers: LiveHandlers = { image_add: (d, room) => added.push([d.id, room]) };
    expect(dispatchLive(handlers, { type: 'image_add', room: 7, data: { galleryid: 7, id: 42, shoottime: 1 } })).toBe(true);
    expect(added).toEqual([[42, 7]]);
  });

  it('ignores unknown, unhandled and malformed messages', () => {
    const handlers: LiveHandlers = { image_add: () => { throw new Error('must not run'); } };
    expect(dispatchLive(handlers, { type: 'image_delete', room: 1, data: { galleryid: 1, ids: [1] } })).toBe(false);
    expect(dispatchLive(handlers, { type: 'nope', room: 1, data: {} })).toBe(false);
    expect(dispatchLive(handlers, { type: 'image_add', room: '1', data: {} })).toBe(false);
    expect(dispatchLive(handlers, null)).toBe(false);
    expect(isLiveEventName('text')).toBe(true);
  });
});
