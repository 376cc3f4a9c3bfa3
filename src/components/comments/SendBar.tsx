import { useState, type ReactNode } from 'react';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { COMMENT_SENDBAR_MAX } from '../../../types/api/comments';
import { t } from '../../i18n';
import type { CommentsStore } from '../../stores/comments/CommentsStore';
import type { GiftStore } from '../../stores/comments/GiftStore';
import { commentGifts } from '../../stores/comments/giftFactory';
import { GiftIcons, GiftPanels } from './GiftPanels';

interface Props {
  store: CommentsStore;
  /** The visitor is a guest: no input, a tap asks them to log in (part 3 §2 item 2, §6). */
  guest: boolean;
  onLogin: () => void;
  /**
   * RED-PACKET PLUS BUTTON SLOT (part 3 §2 item 2: "a plus button for red packets"): the red-packet
   * branch's plus button component is passed in here by whoever renders the bar; nothing is drawn
   * when it is absent. It decides itself whether it shows (use_package, the WeChat check).
   */
  plus?: ReactNode;
  /** Focus the input when the bar appears (opened from the floating send icon). */
  focus?: boolean;
  /** The emotion and gift pickers (tests pass their own; by default the comments store's). */
  gifts?: GiftStore;
}

/**
 * The comment send bar (spec part 3 §2 item 2, §4, §5): the input, 'Send', the red-packet
 * plus button's place, and the emotion and gift icons with their panels (GiftPanels; a guest's
 * tap on them asks to log in). Empty and over-140 drafts are refused here; the server's refusals come back
 * in the spec's words; the input clears after a send. Muted or block_all visitors see why instead
 * of the input.
 */
function SendBar({ store, guest, onLogin, plus, focus, gifts: given }: Props) {
  const [gifts] = useState(() => given ?? commentGifts(store));
  if (guest) {
    return (
      <View className="comment-send comment-send--guest">
        <View className="comment-send__row">
          <GiftIcons gifts={gifts} />
          <View className="comment-send__login" data-testid="comment-send-login" onClick={onLogin}>
            <Text>{t('comments.loginToComment')}</Text>
          </View>
        </View>
      </View>
    );
  }
  const silenced = store.silencedKey;
  const notice = store.notice;
  return (
    <View className="comment-send" data-testid="comment-send">
      {store.replyTo ? (
        <View className="comment-send__reply" data-testid="comment-send-replying">
          <Text>{t('comments.replyTo', { name: store.replyTo.nickname })}</Text>
          <Text className="comment-send__cancel" data-testid="comment-send-cancel-reply" onClick={() => store.setReplyTo(null)}>
            {t('comments.cancelReply')}
          </Text>
        </View>
      ) : null}
      {silenced ? (
        <View className="comment-send__blocked" data-testid="comment-send-blocked">
          <Text>{t(silenced)}</Text>
        </View>
      ) : (
        <View className="comment-send__row">
          {/* RED-PACKET PLUS BUTTON SLOT: rendered by the red-packet UI (branch redpacketui), wired by the lead. */}
          {plus ?? null}
          <GiftIcons gifts={gifts} />
          <Input
            className="comment-send__input"
            data-testid="comment-send-input"
            value={store.draft}
            placeholder={t('comments.placeholder')}
            // One over the limit, so an over-long paste reaches the check and its message.
            maxlength={COMMENT_SENDBAR_MAX + 1}
            confirmType="send"
            focus={focus}
            onInput={(e) => store.setDraft(e.detail.value)}
            onConfirm={() => void store.send()}
          />
          <View
            className={`comment-send__button${store.sending ? ' comment-send__button--busy' : ''}`}
            data-testid="comment-send-button"
            aria-disabled={store.sending}
            onClick={() => void store.send()}
          >
            <Text>{t('comments.send')}</Text>
          </View>
        </View>
      )}
      {notice ? (
        <Text className="comment-send__notice" data-testid="comment-send-notice">
          {t(notice.key, notice.params)}
        </Text>
      ) : null}
      {silenced ? null : <GiftPanels gifts={gifts} />}
    </View>
  );
}

export default observer(SendBar);
