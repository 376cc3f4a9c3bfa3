import type { ReactNode } from 'react';
import { Button, View } from '@tarojs/components';
import type { ShareContent } from './share';

/**
 * The Share button: in the mini-program a native `open-type="share"` button (it
 * sends what useShareMessage set up); in browsers a plain button running `onShare`.
 * `onTap` runs on a tap on both (bookkeeping beside the share: a stat, a menu to fold).
 * `content`: what this button shares in the mini-program when it is not the page's share
 * (the viewer's photo); it travels in the button's dataset to the page's onShareAppMessage.
 */
export function ShareButton(props: { className?: string; onShare: () => void; onTap?: () => void; children: ReactNode; testId?: string; label?: string; content?: ShareContent | null }) {
  const testId = props.testId ?? 'share-button';
  if (process.env.TARO_ENV === 'weapp') {
    const c = props.content;
    return (
      <Button
        className={`${props.className ?? ''} share-button--native`}
        openType="share"
        onClick={props.onTap}
        data-testid={testId}
        aria-label={props.label}
        data-share-title={c?.title}
        data-share-url={c?.url}
        data-share-image={c?.imageUrl}
      >
        {props.children}
      </Button>
    );
  }
  const tap = () => {
    props.onTap?.();
    props.onShare();
  };
  return (
    <View className={props.className} onClick={tap} data-testid={testId} aria-label={props.label} role="button">
      {props.children}
    </View>
  );
}
