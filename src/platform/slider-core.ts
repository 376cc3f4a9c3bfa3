import type { ReactNode } from 'react';

/**
 * A row of full-width slides that turns by itself (the head slider, spec part 2
 * slidehead): dots, autoplay, wrap-around. The mini-program uses its native
 * swiper; browsers a scroll-snap row (slider.h5.tsx), which costs no library:
 * Swiper's 140 KB and its per-frame work were a large part of the first load's
 * main-thread time (issue 12, Speed).
 */
export interface SliderProps {
  className?: string;
  /** One node per slide, each with its key. */
  children: ReactNode[];
  /** Milliseconds between turns. */
  interval: number;
  autoplay: boolean;
  /** After the last slide comes the first again. */
  circular: boolean;
  dots: boolean;
  dotColor: string;
  activeDotColor: string;
}
