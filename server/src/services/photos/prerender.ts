/**
 * Background renders of the grid variants after a photo is published, one at a time
 * per process, and only while no registration is running: during a burst of uploads
 * the CPU goes to publishing photos, the variants follow when it pauses.
 */
const MAX_DEFERRED_RENDERS = 60;

export class PrerenderQueue {
  private jobs: Array<() => Promise<void>> = [];
  private running = false;
  private busy = 0;
  /** When the last registration ended (ms); background work that is not urgent waits for a quiet spell. */
  private lastEnd = 0;
  private waiters: Array<() => void> = [];

  add(job: () => Promise<void>): void {
    this.jobs.push(job);
    void this.pump();
  }

  /** A registration started; its end() lets the queue run again. */
  hold(): () => void {
    this.busy++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.busy--;
      this.lastEnd = Date.now();
      void this.pump();
    };
  }

  /** No registration is running, none ended within `ms`, and no grid render is waiting (face indexing asks). */
  quietFor(ms: number): boolean {
    return !this.busy && !this.jobs.length && !this.running && Date.now() - this.lastEnd >= ms;
  }

  /** Resolves once every render queued so far is done (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.jobs.length && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // Registrations come first, unless they never pause and the backlog grows.
    while (this.jobs.length && (!this.busy || this.jobs.length > MAX_DEFERRED_RENDERS)) {
      // A failed background render only costs its first request a render.
      await this.jobs.shift()!().catch(() => undefined);
    }
    this.running = false;
    if (!this.jobs.length) for (const w of this.waiters.splice(0)) w();
  }
}
