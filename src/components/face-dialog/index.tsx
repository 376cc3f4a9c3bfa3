import { useEffect, useState } from 'react';
import { View, Text, Input, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { FACE_NAME_MAX } from '../../../types/api/face';
import type { FaceDialogRequest } from '../../stores/face/FaceDialogHost';
import { createFaceDialogStore } from '../../stores/face/factory';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import { Icon } from '../icon';
import CropEditor from './CropEditor';
import Consent from './Consent';
import AltSearch from './AltSearch';
import IndexingNote from '../indexing-note';
import './index.scss';

interface Props {
  request: FaceDialogRequest;
  onClose: () => void;
}

/**
 * The face dialog (spec part 1 §2, §4, §8; part 3 §5) in its four modes: update own
 * info, find people, edit buddy name, follow new. Photo upload and the crop editor,
 * the optional name, the agreement, the separate face consent and age confirmation,
 * and for find people a way without a face. Its rules are FaceDialogStore's.
 */
function FaceDialog({ request, onClose }: Props) {
  const [store] = useState(() => createFaceDialogStore(request));
  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => {
    if (store.state === 'done') onClose();
  }, [store.state]);

  const needs = store.needs;
  const close = () => {
    if (!store.submitting) onClose();
  };

  let photo = null;
  if (!store.alt && needs.photo) {
    photo = store.source ? (
      <CropEditor store={store} />
    ) : (
      <View className="face-upload" data-testid="face-upload" role="button" onClick={() => void store.choose()}>
        <Icon name="camera" className="face-upload__icon" />
        <Text className="face-upload__label">{t('face.upload')}</Text>
        <Text className="face-upload__hint">{t('face.uploadHint')}</Text>
      </View>
    );
  } else if (!store.alt && store.person) {
    photo = (
      <View className="face-person" data-testid="face-person">
        <Image className="face-person__face" src={store.person.faceurl} mode="aspectFill" />
      </View>
    );
  }

  return (
    <BottomSheet
      placement="center"
      title={t(`face.title.${store.mode}`)}
      onClose={close}
      maskClosable={false}
      closeLabel={t('face.close')}
      className="face-dialog"
      panelClassName="face-dialog__panel"
      testId="face-dialog"
      closeTestId="face-close"
      dataset={{ mode: store.mode, state: store.state }}
      catchMove
    >
      <View className="face-dialog__body">
        {store.alt ? <AltSearch store={store} /> : photo}
        {!store.alt && needs.nameInput ? (
          <Input
            className="face-dialog__name"
            data-testid="face-name"
            value={store.name}
            maxlength={FACE_NAME_MAX}
            disabled={store.submitting}
            placeholder={t(needs.name ? 'face.nameNeeded' : 'face.name')}
            onInput={(e) => store.setName(e.detail.value)}
          />
        ) : null}
        {store.alt ? null : <Consent store={store} />}
        {store.hint ? (
          <Text className="face-dialog__hint" data-testid="face-hint">
            {t(store.hint)}
          </Text>
        ) : null}
        {/* A selfie is matched against the photos indexed so far: say how far that is. */}
        {needs.photo && !store.alt ? <IndexingNote galleryId={store.galleryId} kind="faces" /> : null}
        {store.submitting ? (
          <View className="face-dialog__scanning" data-testid="face-submitting">
            <Text>{t('face.scanning')}</Text>
          </View>
        ) : (
          <View className="face-dialog__actions">
            <View className="face-dialog__submit" data-testid="face-submit" role="button" onClick={() => void store.submit()}>
              <Text>{t(store.mode === 'findPeople' ? 'face.search' : 'face.submit')}</Text>
            </View>
            {store.mode === 'findPeople' ? (
              <Text className="face-dialog__alt" data-testid="face-alt" onClick={() => store.setAlt(!store.alt)}>
                {t(store.alt ? 'face.altBack' : 'face.altLink')}
              </Text>
            ) : null}
          </View>
        )}
      </View>
      {store.error ? (
        <View className="face-error" data-testid="face-error" role="alertdialog">
          <View className="face-error__box">
            <Text className="face-error__text" data-testid="face-error-text">
              {store.error}
            </Text>
            <View className="face-error__ok" data-testid="face-error-ok" onClick={() => store.dismissError()}>
              <Text>{t('common.ok')}</Text>
            </View>
          </View>
        </View>
      ) : null}
    </BottomSheet>
  );
}

export default observer(FaceDialog);
