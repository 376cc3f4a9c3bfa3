/**
 * A background job run every `everyMs` (the sweeps: red packets, long pictures, guests), one run at
 * a time: a tick while a run is in progress is skipped, and a failure goes to `onError` instead of
 * stopping the timer. `firstMs`: the first run that long after the start (0: on the next turn of the
 * event loop); without it the first run is the first tick. Returns the stop, which waits for a run in progress (buildApp calls
 * it on close, before the database closes). Timers never keep the process alive.
 */
export function startPeriodic(
  job: () => Promise<unknown>,
  opts: { everyMs: number; firstMs?: number; onError: (err: unknown) => void }
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = job()
      .catch(opts.onError)
      .finally(() => (running = null));
  };
  const first = opts.firstMs === undefined ? null : setTimeout(run, opts.firstMs);
  first?.unref();
  const timer = setInterval(run, opts.everyMs);
  timer.unref();
  return async () => {
    if (first) clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
