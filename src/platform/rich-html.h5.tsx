import { View } from '@tarojs/components';
import type { RichHtmlProps } from './rich-html';

/** Browsers: the cleaned markup as the block's HTML (what Taro's H5 rich-text does too). */
export default function RichHtml({ html, className }: RichHtmlProps): JSX.Element {
  return <View className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
