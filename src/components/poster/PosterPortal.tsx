import { View, Text, Image, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import { POSTER_CUSTOM_MIN } from '../../../types/api/poster';
import type { PosterStore } from '../../stores/poster/PosterStore';
import { apiBase } from '../../platform/env';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import './poster.scss';

const abs = (path: string) => (/^(https?:|data:|blob:)/i.test(path) ? path : `${apiBase()}${path}`);

/**
 * The poster portal (spec part 3 §2 item 12): the photo on the chosen template, a strip of
 * template thumbnails, 'Make' and close; then the poster with the hint 'long press to save
 * image', Save (a guest logs in first) and a way back to the templates.
 */
function PosterPortal({ store }: { store: PosterStore }) {
  if (!store.isOpen) return null;
  const preview = store.phase === 'preview' && store.poster ? store.poster : null;
  const busy = store.phase === 'loading' || store.phase === 'making';
  const selected = store.selected;
  const orientation = selected?.adjust === 1 ? 'landscape' : 'portrait';
  return (
    <BottomSheet
      placement="center"
      className="poster-portal"
      panelClassName="poster-portal__panel"
      testId="poster-portal"
      dataset={{ phase: store.phase }}
      catchMove
      title={t('poster.title')}
      onClose={() => store.close()}
      closable={false}
      footer={
        <View className="poster-portal__actions">
          <View className="poster-portal__btn" data-testid="poster-close" role="button" onClick={() => store.close()}>
            <Text>{t('poster.close')}</Text>
          </View>
          {preview ? (
            <>
              <View className="poster-portal__btn" data-testid="poster-back" role="button" onClick={() => store.back()}>
                <Text>{t('poster.back')}</Text>
              </View>
              {store.pressHold ? null : (
                <View
                  className={`poster-portal__btn poster-portal__btn--main${store.saving ? ' poster-portal__btn--off' : ''}`}
                  data-testid="poster-save"
                  role="button"
                  onClick={() => void store.save()}
                >
                  <Text>{t('poster.save')}</Text>
                </View>
              )}
            </>
          ) : (
            <View
              className={`poster-portal__btn poster-portal__btn--main${store.phase === 'choosing' ? '' : ' poster-portal__btn--off'}`}
              data-testid="poster-make"
              role="button"
              onClick={() => void store.make()}
            >
              <Text>{t('poster.make')}</Text>
            </View>
          )}
        </View>
      }
    >
      {preview ? (
        <View className="poster-portal__preview" data-testid="poster-preview" data-saved={store.saved ? 1 : 0} data-make-ms={store.lastMakeMs ?? ''}>
          <Text className="poster-portal__hint" data-testid="poster-hint">
            {t(store.pressHold ? 'poster.pressHold' : 'poster.longPress')}
          </Text>
          <Image
            className="poster-portal__image"
            data-testid="poster-image"
            data-width={preview.width}
            data-height={preview.height}
            src={preview.src}
            mode="widthFix"
            showMenuByLongpress
          />
        </View>
      ) : (
        <>
          <View className={`poster-portal__frame poster-portal__frame--${orientation}`}>
            <View className={`poster-portal__stage poster-portal__stage--${orientation}`}>
              {selected ? <Image className="poster-portal__template" src={abs(selected.src)} mode="aspectFill" /> : null}
              {store.photoPreview ? <Image className="poster-portal__photo" data-testid="poster-photo" src={store.photoPreview} mode="aspectFill" /> : null}
              {busy ? (
                <View className="poster-portal__busy" data-testid="poster-busy">
                  <View className="poster-portal__spinner" />
                  <Text>{t(store.phase === 'loading' ? 'poster.loading' : 'poster.making')}</Text>
                </View>
              ) : null}
            </View>
          </View>
          <ScrollView scrollX className="poster-portal__strip" data-testid="poster-templates">
            {store.templates.map((tpl, i) => (
              <View
                key={tpl.id}
                className={`poster-portal__thumb${tpl.id === store.selectedId ? ' poster-portal__thumb--on' : ''}`}
                data-testid={`poster-template-${tpl.id}`}
                data-selected={tpl.id === store.selectedId ? 1 : 0}
                role="button"
                aria-label={tpl.id >= POSTER_CUSTOM_MIN ? t('poster.custom', { num: tpl.id }) : t('poster.template', { num: i + 1 })}
                onClick={() => store.choose(tpl.id)}
              >
                <Image className="poster-portal__thumb-img" src={abs(tpl.icon)} mode="aspectFill" />
              </View>
            ))}
          </ScrollView>
        </>
      )}
    </BottomSheet>
  );
}

export default observer(PosterPortal);
