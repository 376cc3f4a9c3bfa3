/**
 * Cleaned HTML (the server keeps only its allow-list, see server/src/services/content/):
 * the interface. The build takes rich-html.weapp.tsx (the mini-program's rich-text) or
 * rich-html.h5.tsx (the same markup set as the element's HTML, with no web component, so
 * the H5 first load carries no Stencil runtime). This file is what type checking sees.
 */
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

export interface RichHtmlProps {
  /** HTML already cleaned by the server. */
  html: string;
  className?: string;
}

export default function RichHtml(_props: RichHtmlProps): JSX.Element | null {
  throw new UnsupportedPlatformCall('RichHtml', thisPlatform());
}
