import { RichText } from '@tarojs/components';
import type { RichHtmlProps } from './rich-html';

/** The mini-program's rich-text (it drops any tag or attribute outside its own list too). */
export default function RichHtml({ html, className }: RichHtmlProps): JSX.Element {
  return <RichText className={className} nodes={html} userSelect />;
}
