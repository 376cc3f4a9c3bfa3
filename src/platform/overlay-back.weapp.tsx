import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PageContainer } from '@tarojs/components';
import { OverlayStack, type OverlayBackProps } from './overlay-back-core';

export type { OverlayBackProps } from './overlay-back-core';

/** Open overlays; a page holds one page-container at a time, so only the innermost shows one. */
const stack = new OverlayStack<number>();
let seq = 0;

/**
 * The mini-program: while `open`, an invisible page-container takes the page's
 * back (the navigation bar's, Android's, the swipe) and calls `onBack` instead
 * of leaving the page. A close from the UI hides the container, which answers
 * with its leave events: those are not a Back and call nothing.
 */
export default function OverlayBack({ open, onBack }: OverlayBackProps) {
  const [id] = useState(() => ++seq);
  const latest = useRef(onBack);
  latest.current = onBack;
  const wanted = useRef(open);
  wanted.current = open;
  useEffect(() => {
    if (!open) return undefined;
    stack.push(id);
    return () => void stack.cut(id);
  }, [open, id]);
  const isTop = useSyncExternalStore(
    (fn) => stack.subscribe(fn),
    () => stack.top() === id
  );
  if (!open) return null;
  return (
    <PageContainer
      show={isTop}
      overlay={false}
      duration={0}
      zIndex={0}
      customStyle="position:absolute;width:0;height:0;overflow:hidden;"
      onBeforeLeave={() => {
        // Still wanted open and on top: this leave is the page's back.
        if (wanted.current && stack.top() === id) latest.current();
      }}
    />
  );
}
