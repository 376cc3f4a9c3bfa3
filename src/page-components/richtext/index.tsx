import { useEffect } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { t } from '../../i18n';
import RichHtml from '../../platform/rich-html';
import type { PageComponentRenderProps } from '../types';
import './richtext.scss';

/**
 * `richtext` / `liverich`: rich content fetched by hash. The server cleans the HTML to an
 * allow-list (no script, no event handler, http(s) URLs only) before it is stored, and the
 * block renders it through platform/rich-html (the mini-program's rich-text; innerHTML in H5).
 */
function RichTextBlock({ props }: PageComponentRenderProps<'richtext' | 'liverich'>) {
  const { contents } = useStores();
  const hash = typeof props.hash === 'string' ? props.hash : '';
  useEffect(() => {
    if (hash) contents.load(hash);
  }, [contents, hash]);
  if (!hash) return null;
  const state = contents.state(hash);
  if (!state || state.status === 'loading') return <View className="richtext richtext--loading" data-testid="richtext-loading" />;
  if (state.status === 'error') {
    return (
      <View className="richtext richtext--error" data-testid="richtext-error" onClick={() => contents.load(hash)}>
        <Text>{t('common.LoadError')}</Text>
        <Text className="richtext__retry">{t('common.retry')}</Text>
      </View>
    );
  }
  return (
    <View className="richtext" data-testid="richtext">
      <RichHtml html={state.html} className="richtext__body" />
    </View>
  );
}

export default observer(RichTextBlock);
