import { useEffect, useState } from 'react';
import { View, Text, Image, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { MaybePerson } from '../../../types/api/face';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import { useStores, usePageStores } from '../../stores/RootStore';
import { createMaybeStore } from '../../stores/face/factory';
import { buildUrl } from '../../routes';
import { openUrl } from '../../platform/navigate';
import { faceImageUrl } from '../../utils/image';
import { t } from '../../i18n';
import { Icon } from '../icon';

const stop = (e: { stopPropagation?: () => void }) => e.stopPropagation?.();

/**
 * With face recognition on, the people probably in the photo replace the thumbnail strip
 * (spec part 1 §2). A tap opens that person's album; an unfollowed person can be
 * followed; oneself and followed persons can be taken off the photo (face/hide).
 */
function MaybeStrip({ viewer }: { viewer: ViewerStore }) {
  const root = useStores();
  const { face, gallery } = usePageStores();
  const [maybe] = useState(() => createMaybeStore(root));
  const photo = viewer.current;
  useEffect(() => {
    if (photo) void maybe.load(photo.id);
  }, [photo?.id, maybe]);
  const people = photo ? maybe.peopleOf(photo.id) : undefined;
  const openid = root.session.isGuest ? '0' : root.session.user?.openid || '0';
  const linkId = gallery.gallery?.link_id;

  const open = (p: MaybePerson) => {
    if (linkId) openUrl(buildUrl('person', { link_id: linkId, personid: String(p.personid), openid }));
  };
  const follow = (p: MaybePerson) =>
    void root.loginPrompt.requireLogin('tab_following').then((ok) => {
      if (!ok || !photo) return;
      face.open({
        mode: 'followNew',
        galleryId: photo.galleryid,
        person: { personid: p.personid, name: p.name, faceurl: p.faceurl },
        onDone: () => {
          maybe.followed(p.personid);
          face.changed();
        }
      });
    });

  return (
    <View className="viewer-maybe" data-testid="viewer-maybe" data-count={people?.length ?? -1}>
      <Text className="viewer-maybe__title">{t('face.maybe')}</Text>
      <ScrollView className="viewer-maybe__scroll" scrollX enhanced showScrollbar={false}>
        <View className="viewer-maybe__row">
          {(people ?? []).map((p) => (
            <View key={p.personid} className="viewer-maybe__person" data-testid="maybe-person" data-personid={p.personid} data-status={p.status} onClick={() => open(p)}>
              <Image className="viewer-maybe__face" src={faceImageUrl(p.faceurl)} mode="aspectFill" />
              <Text className="viewer-maybe__name">{p.name || (p.status === 'self' ? t('face.status.self') : '')}</Text>
              {p.status === 'unfollow' ? (
                <View
                  className="viewer-maybe__badge"
                  data-testid="maybe-follow"
                  aria-label={t('face.follow')}
                  onClick={(e) => {
                    stop(e);
                    follow(p);
                  }}
                >
                  <Icon name="add" />
                </View>
              ) : (
                <View
                  className="viewer-maybe__badge viewer-maybe__badge--hide"
                  data-testid="maybe-hide"
                  aria-label={t('face.hide')}
                  onClick={(e) => {
                    stop(e);
                    if (photo) void maybe.hide(photo.id, p);
                  }}
                >
                  <Icon name="close" />
                </View>
              )}
            </View>
          ))}
        </View>
      </ScrollView>
    </View>
  );
}

export default observer(MaybeStrip);
