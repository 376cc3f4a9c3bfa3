import { Children, isValidElement } from 'react';
import { Swiper, SwiperItem } from '@tarojs/components';
import type { SliderProps } from './slider-core';

export * from './slider-core';

/** The mini-program: its native swiper, one item per slide. */
export default function Slider({ className, children, interval, autoplay, circular, dots, dotColor, activeDotColor }: SliderProps) {
  return (
    <Swiper
      className={className}
      indicatorDots={dots}
      indicatorColor={dotColor}
      indicatorActiveColor={activeDotColor}
      circular={circular}
      autoplay={autoplay}
      interval={interval}
    >
      {Children.map(children, (slide, i) => (
        <SwiperItem key={isValidElement(slide) && slide.key != null ? slide.key : i} className="slider__item">
          {slide}
        </SwiperItem>
      ))}
    </Swiper>
  );
}
