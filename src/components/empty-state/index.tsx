import { View, Text } from '@tarojs/components';
import './index.scss';

/** A centred empty or end state with an optional action. */
export function EmptyState(props: { text: string; detail?: string; action?: { label: string; onTap: () => void }; testId?: string }) {
  return (
    <View className="empty-state" data-testid={props.testId ?? 'empty-state'}>
      <View className="empty-state__icon" />
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
