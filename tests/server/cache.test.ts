import { GenerationCache } from '../../server/src/services/shared/cache';

describe('GenerationCache', () => {
  it('serves a value until its space is invalidated', async () => {
    const c = new GenerationCache<number>(60_000);
    let n = 0;
    const compute = async () => ++n;
    expect(await c.through(1, 'a', compute)).toBe(1);
    expect(await c.through(1, 'a', compute)).toBe(1);
    c.invalidate(2);
    expect(await c.through(1, 'a', compute)).toBe(1);
    c.invalidate(1);
    expect(await c.through(1, 'a', compute)).toBe(2);
  });

  it('does not keep a value computed across an invalidation', async () => {
    const c = new GenerationCache<string>(60_000);
    let release!: () => void;
    const slow = c.through(1, 'k', () => new Promise<string>((r) => (release = () => r('stale'))));
    c.invalidate(1);
    release();
    expect(await slow).toBe('stale');
    expect(await c.through(1, 'k', async () => 'fresh')).toBe('fresh');
  });

  it('expires entries after the ttl and stays bounded', async () => {
    jest.useFakeTimers();
    const c = new GenerationCache<number>(1000, 2);
    c.set('s', 'a', 1);
    jest.advanceTimersByTime(1001);
    expect(c.get('s', 'a')).toBeUndefined();
    c.set('s', 'a', 1);
    c.set('s', 'b', 2);
    c.set('s', 'c', 3);
    expect(c.get('s', 'a')).toBeUndefined();
    expect(c.get('s', 'c')).toBe(3);
    jest.useRealTimers();
  });
});
