/**
 * Watch mode of the uploader: a chokidar watcher on the folder that hands each
 * image to the Uploader once it has stopped growing.
 */
import path from 'node:path';
import { watch } from 'chokidar';
import { isCandidate, type FileResult, type Uploader } from './uploader';

export interface FolderWatch {
  /** Resolves once the folder is watched. */
  ready: Promise<void>;
  /** Resolves when every upload started so far has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Watch the folder (not recursive) and upload each image once it has stopped
 * growing for 300 ms, including the files already there and files renamed into
 * place. onFatal gets a refused token or a watcher error.
 */
export function watchFolder(uploader: Uploader, onResult: (r: FileResult) => void, onFatal: (e: Error) => void): FolderWatch {
  const root = uploader.folder;
  const stateFile = uploader.state.file;
  const pending = new Set<Promise<void>>();
  const watcher = watch(root, {
    depth: 0,
    ignoreInitial: false,
    awaitWriteFinish: { stabilityThreshold: 300, pollInterval: 100 },
    ignored: (p: string) => {
      const abs = path.resolve(p);
      return abs !== root && (abs === stateFile || !isCandidate(path.basename(abs)));
    }
  });
  const onFile = (p: string) => {
    const abs = path.resolve(root, p);
    if (path.dirname(abs) !== root) return;
    const job = uploader.uploadFile(path.basename(abs)).then(onResult, (e: Error) => onFatal(e));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  watcher.on('add', onFile);
  watcher.on('change', onFile);
  watcher.on('error', (e) => onFatal(e instanceof Error ? e : new Error(String(e))));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await watcher.close();
      while (pending.size > 0) await Promise.all([...pending]);
    }
  };
}
