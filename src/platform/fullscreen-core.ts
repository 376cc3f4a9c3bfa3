/** What both big-screen implementations (fullscreen.h5.ts, fullscreen.weapp.ts) share. */

export type ScreenKey = 'Space' | 'ArrowLeft' | 'ArrowRight';

export interface FullscreenPlatform {
  /** Full screen, keys and pointer tracking exist here (browsers); ask before the calls below. */
  fullscreenSupported(): boolean;
  /** True while the document is shown full screen. */
  isFullscreen(): boolean;
  /** Ask for full screen (call from a tap or click); resolves whether it is full screen now. */
  requestFullscreen(): Promise<boolean>;
  /** Calls `handler` when the document leaves full screen. Returns a stop function. */
  onFullscreenExit(handler: () => void): () => void;
  /** Keys of the carousel: space (play/pause) and the arrows. Returns a stop function. */
  onScreenKey(handler: (key: ScreenKey) => void): () => void;
  /** Calls `handler` on mouse movement or a touch anywhere on the page. Returns a stop function. */
  onPointerActivity(handler: () => void): () => void;
}
