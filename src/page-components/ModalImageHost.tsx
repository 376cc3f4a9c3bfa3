import { View, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { BottomSheet } from '../components/bottom-sheet';
import { usePageStores } from '../stores/RootStore';
import { isActiveLink } from '../stores/links/follow';
import { imageUrl } from '../utils/image';
import { t } from '../i18n';
import { useLinkFollower } from './useLink';
import type { PageRenderContext } from './types';
import './modal-image.scss';

/** The page's image modal: the picture of a modal-image link; a tap on it follows its own link. */
function ModalImageHostView({ ctx }: { ctx: PageRenderContext }) {
  const { modalImage } = usePageStores();
  const follow = useLinkFollower(ctx);
  const m = modalImage.current;
  if (!m) return null;
  const active = isActiveLink(m.link) && m.link.type !== 'modal-image';
  return (
    <BottomSheet
      placement="center"
      onClose={() => modalImage.close()}
      closable
      closeLabel={t('pendent.close')}
      className="modal-image"
      panelClassName="modal-image__panel"
      testId="modal-image"
      maskTestId="modal-image-mask"
      closeTestId="modal-image-close"
    >
      <View
        className="modal-image__body"
        data-testid="modal-image-picture"
        onClick={
          active
            ? () => {
                modalImage.close();
                follow(m.link);
              }
            : undefined
        }
      >
        <Image className="modal-image__image" src={imageUrl(m.image, 'wx_750_n', ctx.gallery.id)} mode="widthFix" />
      </View>
    </BottomSheet>
  );
}

export const ModalImageHost = observer(ModalImageHostView);
