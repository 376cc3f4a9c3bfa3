/**
 * The face engines this build can run, by version (issue 27: "a version change re-indexes in the
 * background, and search keeps working on the old version until the new one is complete").
 *
 * Photos are always indexed by the current engine (the newest FACE_ENGINE_VERSION). An older
 * engine is kept only so that, while a gallery is being re-indexed, a selfie can be embedded the
 * way that gallery's faces still are (transition.ts): services/index.ts registers it beside the
 * current one (`older`), and drops it once no gallery needs it. A version no longer registered
 * cannot be searched: galleries still on it search the new version's faces indexed so far.
 */
import type { FaceDetector } from './indexer';

export interface FaceEngines {
  /** The engine photos are indexed with now. */
  current(): Promise<FaceDetector>;
  /** The engine of that version, when this build still runs it (the current one included); null otherwise. */
  of(version: number): Promise<FaceDetector | null>;
  /** Whether of(version) answers an engine. */
  runs(version: number): Promise<boolean>;
}

/** The registry of the current engine and older ones still kept (by version; each made on first use by its factory). */
export function faceEngines(current: () => Promise<FaceDetector>, older: Record<number, () => Promise<FaceDetector>> = {}): FaceEngines {
  return {
    current,
    async of(version) {
      const now = await current();
      if (version === now.version) return now;
      const make = older[version];
      return make ? make() : null;
    },
    async runs(version) {
      return version === (await current()).version || version in older;
    }
  };
}

/** A detector that also embeds at other versions on request (server/src/face/engine.ts detect's `version`). */
export interface MultiVersionDetector extends FaceDetector {
  detect(image: Buffer, opts: { mode: 'photo' | 'selfie'; version?: number }): ReturnType<FaceDetector['detect']>;
}

/** The older versions one engine still embeds with, each as an engine of its own (faceEngines' `older`). */
export function olderVersionsOf(engine: () => Promise<MultiVersionDetector>, versions: readonly number[]): Record<number, () => Promise<FaceDetector>> {
  const older: Record<number, () => Promise<FaceDetector>> = {};
  for (const version of versions) {
    older[version] = async () => {
      const e = await engine();
      return { version, detect: (image, opts) => e.detect(image, { ...opts, version }) };
    };
  }
  return older;
}
