import { useMemo } from 'react';
import { View } from '@tarojs/components';
import type { RichHtmlProps } from './rich-html';
import { trustedRichHtml } from './trusted-types';

/**
 * Browsers: the cleaned markup as the block's HTML (what Taro's H5 rich-text does too), through the
 * `rich-html` Trusted Types policy (platform/trusted-types.ts): the one reviewed HTML sink of the app.
 */
export default function RichHtml({ html, className }: RichHtmlProps): JSX.Element {
  // One trusted value per text: React compares it by identity and writes innerHTML only when it changes.
  const trusted = useMemo(() => trustedRichHtml(html), [html]);
  return <View className={className} dangerouslySetInnerHTML={{ __html: trusted }} />;
}
