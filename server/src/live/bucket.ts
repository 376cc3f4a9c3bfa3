/**
 * A token bucket: `burst` tokens at most, refilled at `ratePerS` per second. The live
 * gateway gives each socket one and closes the socket when a frame finds it empty.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private burst: number,
    private ratePerS: number,
    private clock: () => number = () => performance.now()
  ) {
    this.tokens = burst;
    this.at = clock();
  }

  /** Take one token; false when there is none. */
  take(): boolean {
    const t = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.ratePerS);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
