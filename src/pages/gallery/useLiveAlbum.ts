import { useEffect } from 'react';
import { useDidHide, useDidShow } from '@tarojs/taro';
import { usePageStores } from '../../stores/RootStore';

/** The page's live album: rooms are watched while the page is shown and left when it hides or unloads. */
export function useLiveAlbum(galleryId: number | undefined): void {
  const { live } = usePageStores();
  useDidShow(() => live.show());
  useDidHide(() => live.hide());
  useEffect(() => () => live.dispose(), [live]);
  useEffect(() => (galleryId ? live.track(galleryId) : undefined), [live, galleryId]);
}
