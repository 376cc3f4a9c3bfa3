import { View, Text, Image } from '@tarojs/components';
import { emptyArtUrl, type EmptyArt } from './art';
import './index.scss';

export type { EmptyArt } from './art';

export interface EmptyStateProps {
  text: string;
  detail?: string;
  /** The illustration above the text (default: photos). */
  art?: EmptyArt;
  action?: { label: string; onTap: () => void };
  testId?: string;
}

/** A centred empty or end state: an illustration, its line of text, an optional detail and action. */
export function EmptyState(props: EmptyStateProps) {
  const art = props.art ?? 'photos';
  return (
    <View className="empty-state" data-testid={props.testId ?? 'empty-state'} data-art={art}>
      <Image className="empty-state__art" src={emptyArtUrl(art)} mode="scaleToFill" data-testid="empty-state-art" />
      <Text className="empty-state__text">{props.text}</Text>
      {props.detail ? <Text className="empty-state__detail">{props.detail}</Text> : null}
      {props.action ? (
        <View className="empty-state__action" onClick={props.action.onTap}>
          <Text>{props.action.label}</Text>
        </View>
      ) : null}
    </View>
  );
}
