/** Numbers of the full-screen viewer, as the spec names them (part 1 §4, §8, §9; part 2 §4, §9). */
export const VIEWER = {
  /** Preload the next page when this many photos or fewer remain after the current one. */
  PRELOAD_REMAINING: 4,
  /** The viewer asks for more photos at most once in this many ms. */
  LOAD_MORE_THROTTLE_MS: 5000,
  /** 'This is the last one photo'. */
  LAST_PHOTO_TOAST_MS: 1000,
  /** LoadError after a failed full-image load. */
  LOAD_ERROR_TOAST_MS: 1000,
  /** Like / unlike toasts. */
  LIKE_TOAST_MS: 1500,
  /** Slideshow interval (PC). */
  SLIDESHOW_MS: 5000,
  /** Open and close zoom (spec: animations 300 to 350 ms). */
  ZOOM_MS: 320,
  /** Swipe down this far (px) closes the viewer. */
  SWIPE_DOWN_CLOSE_PX: 245,
  /** A horizontal swipe this far (px) moves to the neighbour. */
  SWIPE_SIDE_PX: 50,
  /** Long press (mini-program) offers to save the image. */
  LONG_PRESS_MS: 900,
  /** Two taps within this many ms zoom in or out. */
  DOUBLE_TAP_MS: 300,
  /** Pinch zoom bounds and the double-tap zoom. */
  MIN_SCALE: 1,
  MAX_SCALE: 4,
  DOUBLE_TAP_SCALE: 2.5,
  /** Thumbnail strip step per photo: desktop / phone (px). */
  THUMB_STEP_WIDE: 64,
  THUMB_STEP_NARROW: 55,
  /** Neighbours on each side kept decoded for instant swipes. */
  NEIGHBOURS_PRELOADED: 2
} as const;
