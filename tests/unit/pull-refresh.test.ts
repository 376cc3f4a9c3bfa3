import { PullRefreshStore, PULL_LOADER_HEIGHT, PULL_THRESHOLD } from '../../src/stores/photos/PullRefreshStore';

describe('pull-to-refresh machine', () => {
  it('caps the drag at 100 and refreshes when released there, showing the 80 px loader', () => {
    const p = new PullRefreshStore();
    p.start(100, true);
    expect(p.move(160)).toBe(true);
    expect(p).toMatchObject({ phase: 'pulling', distance: 60 });
    p.move(400);
    expect(p.distance).toBe(PULL_THRESHOLD);
    expect(p.release()).toBe('refresh');
    expect(p).toMatchObject({ phase: 'refreshing', distance: PULL_LOADER_HEIGHT });
    p.finish();
    expect(p).toMatchObject({ phase: 'snapping', distance: 0 });
    p.settle();
    expect(p.phase).toBe('idle');
  });

  it('refreshes at exactly 100 and snaps back at 99', () => {
    const exact = new PullRefreshStore();
    exact.start(0, true);
    exact.move(100);
    expect(exact.release()).toBe('refresh');

    const short = new PullRefreshStore();
    short.start(0, true);
    short.move(99);
    expect(short.release()).toBe('snapback');
    expect(short).toMatchObject({ phase: 'snapping', distance: 0 });
    short.settle();
    expect(short.phase).toBe('idle');
  });

  it('does not start unless the list is at its top, nor while refreshing', () => {
    const p = new PullRefreshStore();
    p.start(0, false);
    expect(p.move(150)).toBe(false);
    expect(p.release()).toBe('none');
    expect(p.phase).toBe('idle');

    p.start(0, true);
    p.move(150);
    p.release();
    p.start(0, true);
    expect(p.move(150)).toBe(false);
    expect(p.phase).toBe('refreshing');
  });

  it('gives the gesture back to the page when the finger moves up', () => {
    const p = new PullRefreshStore();
    p.start(200, true);
    p.move(250);
    expect(p.move(150)).toBe(false);
    expect(p).toMatchObject({ phase: 'idle', distance: 0 });
    expect(p.release()).toBe('none');
  });
});
