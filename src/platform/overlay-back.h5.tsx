import { useLayoutEffect, useRef } from 'react';
import { OVERLAY_STATE_KEY, OverlayStack, overlayDepthOf, type OverlayBackProps } from './overlay-back-core';

export type { OverlayBackProps } from './overlay-back-core';

interface Entry {
  close: () => void;
}

const stack = new OverlayStack<Entry>();
/** Pops the app started itself (a close from the UI) that no overlay should answer. */
let ownPops = 0;
let installed = false;

/**
 * Runs before the router's listener (a capture listener on the target runs
 * first) and hides the pops of overlay entries from it: the URL did not change,
 * so the page must not either.
 */
function onPopState(e: PopStateEvent): void {
  const depth = overlayDepthOf(e.state);
  if (ownPops > 0) {
    ownPops--;
    e.stopImmediatePropagation();
    return;
  }
  if (stack.size < depth) {
    // Back from another page onto an overlay's entry whose overlay closed meanwhile (it
    // was closed while that page was on top): the router shows this page, and the stale
    // entries under it are skipped, so the next Back leaves the page instead of doing nothing.
    ownPops++;
    window.history.go(-(depth - stack.size));
    return;
  }
  if (stack.size === depth) return; // not a pop out of an overlay (forward, or another page)
  e.stopImmediatePropagation();
  for (const entry of stack.truncate(depth)) entry.close();
}

function install(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', onPopState, true);
}

/**
 * Listen before the router does (app.ts, before Taro creates its history): Chromium calls a
 * window's popstate listeners in the order they were added, capture or not, so a listener
 * added at the first overlay came after the router's, and every overlay's pop reached the
 * router, which rebuilt the page (its scroll offset lost) on each viewer close.
 */
export function installOverlayBack(): void {
  install();
}

/**
 * Pops owed to the history by overlays closed from the UI in this tick. They are
 * made once the tick's effects ran, so an overlay that replaces another in the
 * same commit (a prompt that hands over to a popup) reuses its entry instead of
 * racing a pop against a push. Invariant: the current entry's depth is
 * stack.size + pendingPops.
 */
let pendingPops = 0;
let flushQueued = false;

function flushPops(): void {
  flushQueued = false;
  const n = pendingPops;
  pendingPops = 0;
  if (n <= 0) return;
  ownPops++;
  window.history.go(-n);
}

/** Open: push a history entry on the same URL, keeping the router's own state in it. */
function pushEntry(entry: Entry): void {
  install();
  const depth = stack.push(entry);
  if (pendingPops > 0) {
    pendingPops--; // the entry of the overlay closed in this tick stands at this depth
    return;
  }
  const state = { ...(window.history.state ?? {}), [OVERLAY_STATE_KEY]: depth };
  window.history.pushState(state, '', window.location.href);
}

/** Closed from the UI: drop its entry (and any above it) from the history, unless Back already did. */
function dropEntry(entry: Entry): void {
  const at = stack.indexOf(entry);
  if (at < 0) return; // Back closed it: its entry is gone already
  const depthBefore = stack.size + pendingPops;
  const removed = stack.cut(entry).length;
  // Only while the history still stands on the overlays' entries (not after the page moved on).
  if (overlayDepthOf(window.history.state) !== depthBefore) return;
  pendingPops += removed;
  if (!flushQueued) {
    flushQueued = true;
    void Promise.resolve().then(flushPops);
  }
}

/** Browsers: while `open`, Back pops this overlay's history entry and calls `onBack`. */
export default function OverlayBack({ open, onBack }: OverlayBackProps): null {
  const latest = useRef(onBack);
  latest.current = onBack;
  // A layout effect: the history entry exists before the overlay is painted, so a Back
  // pressed as soon as it shows closes it (a passive effect ran after the paint).
  useLayoutEffect(() => {
    if (!open) return undefined;
    const entry: Entry = { close: () => latest.current() };
    pushEntry(entry);
    return () => dropEntry(entry);
  }, [open]);
  return null;
}
