import type { Queryable } from '../db';
import type { PageData } from '../../../types/page';
import { insertComment } from '../services/comments/comments';

/**
 * The After Party: it starts tomorrow, so its page is the guests' message board until the photos
 * come: comments on (`use_comment`) with the comment list in the page and the send bar at the
 * bottom (`commentlist`, `commentsend`), and red packets (`use_package`) from the send bar's plus
 * button, which the hosts use to keep people coming back. The hosts' pinned welcome opens the list.
 */
export const DEMO_PARTY_CONFIG = { use_comment: 1, use_package: 1 };
export const DEMO_PARTY_TIP = 'The after party starts tomorrow — leave the hosts a message below; photos will appear here live';
export const DEMO_PARTY_HOSTS = 'Party hosts';
export const DEMO_PARTY_WELCOME = 'Welcome to the after party! Tell us which song you want to hear tomorrow night — we read every message.';

export function partyPage(): PageData {
  return {
    components: [
      { id: 'tips-1', type: 'tips', props: { text: DEMO_PARTY_TIP }, wrapper: { background: '#fff7e6', color: '#ad6800', container: { margin: 8, padding: 8, radius: 8 } } },
      { id: 'commentlist-1', type: 'commentlist', props: {}, wrapper: { background: '#ffffff' } },
      { id: 'photo-1', type: 'photo', props: { gallery_id: 0, mode: '2', show_tags: true } },
      { id: 'navigator-1', type: 'navigator', props: { show_my: true, home_label: 'back' } },
      { id: 'commentsend-1', type: 'commentsend', props: {} }
    ]
  };
}

/** The hosts' pinned welcome comment (an organiser comment: the organiser tag and 'top'). */
export async function seedPartyComments(q: Queryable, galleryId: number): Promise<void> {
  await insertComment(q, {
    galleryId,
    type: 'text',
    content: DEMO_PARTY_WELCOME,
    replyId: null,
    master: true,
    istop: true,
    author: { userId: null, openid: '', nickname: DEMO_PARTY_HOSTS, photo: '' }
  });
}
