import { Children, isValidElement, useEffect, useRef, useState } from 'react';
import type { SliderProps } from './slider-core';
import './slider.scss';

export * from './slider-core';

/**
 * Browsers: a horizontal scroll-snap row. Swiping is the browser's own scrolling
 * (momentum, snap, trackpads); the dots show the slide in view and turn to theirs
 * on a click (desktops without touch). Autoplay waits while a finger or a pointer
 * is on the row, while the page is hidden, and when the visitor asked for reduced
 * motion.
 */
export default function Slider({ className, children, interval, autoplay, circular, dots, dotColor, activeDotColor }: SliderProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const track = useRef<HTMLDivElement>(null);
  const held = useRef(false);
  const [active, setActive] = useState(0);

  const indexNow = (el: HTMLDivElement) => (el.clientWidth ? Math.round(el.scrollLeft / el.clientWidth) : 0);
  const turnTo = (i: number) => {
    const el = track.current;
    if (el) el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
  };

  useEffect(() => {
    if (!autoplay || count < 2 || interval <= 0) return undefined;
    if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || held.current || document.hidden) return;
      const now = indexNow(el);
      const next = now + 1 < count ? now + 1 : circular ? 0 : now;
      if (next !== now) turnTo(next);
    }, interval);
    return () => clearInterval(timer);
  }, [autoplay, count, interval, circular]);

  const hold = (on: boolean) => () => {
    held.current = on;
  };

  return (
    <div className={`slider${className ? ` ${className}` : ''}`} data-testid="slider">
      <div
        className="slider__track"
        ref={track}
        onScroll={(e) => setActive(indexNow(e.currentTarget))}
        onTouchStart={hold(true)}
        onTouchEnd={hold(false)}
        onMouseEnter={hold(true)}
        onMouseLeave={hold(false)}
      >
        {slides.map((slide, i) => (
          <div className="slider__item" key={isValidElement(slide) && slide.key != null ? slide.key : i} aria-hidden={i !== active}>
            {slide}
          </div>
        ))}
      </div>
      {dots && count > 1 ? (
        <div className="slider__dots">
          {slides.map((_, i) => (
            <span
              key={i}
              className="slider__dot"
              data-testid="slider-dot"
              data-active={i === active ? 'true' : 'false'}
              style={{ background: i === active ? activeDotColor : dotColor }}
              onClick={() => turnTo(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
