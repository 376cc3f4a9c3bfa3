import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { embedsInline, InlineEmbed, isEmbeddable } from '../../platform/embed';
import { openUrl } from '../../platform/navigate';
import { buildUrl } from '../../routes';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import './iframe.scss';

/** Where the mini-program shows an embedded page: /page/video/iframe with its address and the gallery whose page names it. */
export const embedPageUrl = (url: string, title: string, galleryid: number) =>
  buildUrl('videoIframe', title ? { url, title, galleryid: String(galleryid) } : { url, galleryid: String(galleryid) });

/**
 * `iframe`: a web page in the flow of the page (browsers); in the mini-program, which can show a web
 * page only as a whole page, a card that opens it there.
 */
function IframeBlock({ props, ctx }: PageComponentRenderProps<'iframe'>) {
  const url = isEmbeddable(props.url) ? props.url : null;
  if (!url) return null;
  const title = props.title || '';
  if (embedsInline()) {
    return (
      <View className="iframe-block" data-testid="iframe-block">
        <InlineEmbed src={url} title={title} height={props.height} />
      </View>
    );
  }
  return (
    <View className="iframe-block iframe-block--card" data-testid="iframe-card" role="button" onClick={() => openUrl(embedPageUrl(url, title, ctx.gallery.id))}>
      <Text className="iframe-block__title">{title || t('iframe.untitled')}</Text>
      <Text className="iframe-block__open">{t('iframe.open')}</Text>
    </View>
  );
}

export default observer(IframeBlock);
