import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import RichHtml from '../../platform/rich-html';
import { t } from '../../i18n';
import { yuan, type CommentView } from '../../stores/comments/commentRules';
import { serverImageUrl } from '../../utils/image';

/**
 * One comment's content by its type (spec part 3 §3). Every visitor's text is a text node (markup
 * stays inert); only organiser html goes through RichHtml, whose markup the server cleaned with
 * its rich-content allow-list when it was posted.
 */
function CommentContent({ view }: { view: CommentView }) {
  switch (view.kind) {
    case 'text':
      return <Text className="comment__text" data-testid="comment-text">{view.text}</Text>;
    case 'question':
      return (
        <View className="comment__question">
          <Text className="comment__badge comment__badge--question">{t('comments.question')}</Text>
          <Text className="comment__text" data-testid="comment-text">{view.text}</Text>
        </View>
      );
    case 'html':
      return <RichHtml className="comment__html" html={view.html} />;
    case 'image':
      return <Image className="comment__image" data-testid="comment-image" src={serverImageUrl(view.image)} mode="widthFix" lazyLoad />;
    case 'file':
      return (
        <View className="comment__file" data-testid="comment-file">
          <Text className="comment__badge">{t('comments.file')}</Text>
          <Text className="comment__text">{view.name}</Text>
        </View>
      );
    case 'redpackage':
      return (
        <View className="comment__redpackage" data-testid="comment-redpackage">
          <Text className="comment__badge comment__badge--red">{t('comments.redpackage')}</Text>
          <Text className="comment__text">{view.text}</Text>
        </View>
      );
    case 'gift':
      return (
        <View className="comment__gift" data-testid="comment-gift">
          <Image className="comment__gift-image" src={serverImageUrl(view.image)} mode="aspectFit" />
          <Text className="comment__text">{t('comments.gift', { name: view.name, count: view.count })}</Text>
          {view.price ? <Text className="comment__price" data-testid="comment-gift-price">{t('comments.giftPrice', { yuan: yuan(view.price) })}</Text> : null}
        </View>
      );
    case 'emotion':
      return <Image className="comment__emotion" data-testid="comment-emotion" src={serverImageUrl(view.image)} mode="aspectFit" aria-label={view.name} />;
    case 'vote':
      return (
        <View className="comment__vote" data-testid="comment-vote">
          <Text className="comment__badge">{t('comments.vote')}</Text>
          <Text className="comment__text">{view.title}</Text>
        </View>
      );
  }
}

export default observer(CommentContent);
