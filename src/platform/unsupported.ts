/**
 * The error of a platform call this platform does not have. Platform code never
 * answers such a call with a silent no-op: it throws this, naming the call and
 * the platform, and callers ask the matching capability first
 * (`zipDownloadSupported()`, `fullscreenSupported()`, `viewerKeysSupported()` …).
 */
export class UnsupportedPlatformCall extends Error {
  constructor(call: string, platform: string, hint?: string) {
    super(`${call} is not supported on ${platform}${hint ? `: ${hint}` : ''}`);
    this.name = 'UnsupportedPlatformCall';
  }
}

/** Platform names as the errors show them. */
export const WEAPP = 'the mini-program (weapp)';
export const H5 = 'browsers (h5)';

/** This build's platform, for the interface files `x.ts` that have no implementation for it. */
export function thisPlatform(): string {
  return `TARO_ENV=${process.env.TARO_ENV}`;
}

/** A platform function that throws UnsupportedPlatformCall for `call` (interface files and platforms without it). */
export function unsupported(call: string, platform = thisPlatform(), hint?: string): () => never {
  return () => {
    throw new UnsupportedPlatformCall(call, platform, hint);
  };
}
