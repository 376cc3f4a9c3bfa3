import { useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtSearchBar from 'taro-ui/lib/components/search-bar';
import { createOcrSearchStore } from '../../stores/ocr/factory';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import OcrResults from './OcrResults';
import IndexingNote from '../../components/indexing-note';
import './formocr.scss';

/**
 * The text-in-photo search box (spec part 2 §2, `formocr`): a racer types a bib number and
 * submits; a full-screen overlay shows the photos whose text holds it. The search box is
 * taro-ui's AtSearchBar (3.3.2, renders and types on Taro 4 in H5 and the mini-program).
 */
function FormOcr({ id, props, ctx }: PageComponentRenderProps<'formocr'>) {
  const galleryId = props.gallery_id > 0 ? props.gallery_id : ctx.gallery.id;
  const [store] = useState(() => createOcrSearchStore(galleryId));
  const title = typeof props.title === 'string' ? props.title.trim() : '';
  return (
    <View className="formocr" data-testid="formocr" data-component-id={id}>
      {title ? <Text className="formocr__title">{title}</Text> : null}
      <View className="formocr__box" data-testid="formocr-box">
        <AtSearchBar
          value={store.keyword}
          placeholder={props.placeholder || t('ocr.placeholder')}
          actionName={t('ocr.search')}
          showActionButton
          maxLength={40}
          onChange={(v: string) => store.setKeyword(v)}
          onConfirm={() => store.submit()}
          onActionClick={() => store.submit()}
        />
      </View>
      {/* Bibs are searched among the photos read so far: say how far that is (the overlay says it too). */}
      {store.isOpen ? null : <IndexingNote galleryId={galleryId} kind="bibs" />}
      {store.isOpen ? <OcrResults store={store} /> : null}
    </View>
  );
}

export default observer(FormOcr);
