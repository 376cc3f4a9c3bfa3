import { useEffect, useState } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import { useStores, usePageStores } from '../../stores/RootStore';
import { createFaceTabsStore } from '../../stores/face/factory';
import MyPhoto from './MyPhoto';
import Following from './Following';
import Found from './Found';
import './face.scss';

export type FaceView = 'mine' | 'following' | 'found';

/**
 * The face parts of a gallery page, one chunk loaded when first shown: My Photo (tab 2),
 * Following (tab 3) and what a search found. Their store lives as long as the page, so
 * switching tabs keeps what was loaded; a face dialog's success loads again.
 */
function FaceContent({ view, gallery }: { view: FaceView; gallery: Gallery }) {
  const root = useStores();
  const { face } = usePageStores();
  const [store] = useState(() => createFaceTabsStore({ id: gallery.id, sort: gallery.config?.sort, order: root.settings.effectiveOrder }, face, root));
  useEffect(
    () =>
      reaction(
        () => face.version,
        () => {
          if (store.followingState !== 'idle') void store.loadFollowing();
          if (store.profileState !== 'idle') void store.loadMine();
        }
      ),
    [face, store]
  );

  // Following the person a search found: the tab's rules (friends max), with that person known.
  const follow = (personid: number) => {
    const found = face.found;
    if (found?.kind !== 'person') return;
    void root.loginPrompt.requireLogin('tab_following').then(async (ok) => {
      if (!ok) return;
      if (store.followingState === 'idle') await store.loadFollowing();
      if (!store.canFollowMore) return store.openFollowNew();
      face.open({
        mode: 'followNew',
        galleryId: gallery.id,
        following: store.following.length,
        person: { personid, name: found.person.name, faceurl: found.person.faceurl },
        onDone: (r) => {
          if (r.mode === 'followNew') face.show({ kind: 'person', person: r.person });
          face.changed();
        }
      });
    });
  };

  if (view === 'found') return face.found ? <Found view={face.found} gallery={gallery} onFollow={follow} /> : null;
  if (view === 'following') return <Following store={store} />;
  return <MyPhoto store={store} />;
}

export default observer(FaceContent);
