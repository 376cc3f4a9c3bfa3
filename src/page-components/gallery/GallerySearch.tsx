import { View, Input } from '@tarojs/components';

/** The keyword box of the gallery lists (search as you type). */
export function GallerySearch(props: { value: string; placeholder: string; testId: string; onInput: (value: string) => void }) {
  return (
    <View className="gallery-list__search">
      <Input
        className="gallery-list__input"
        data-testid={props.testId}
        value={props.value}
        placeholder={props.placeholder}
        confirmType="search"
        onInput={(e) => props.onInput(e.detail.value)}
      />
    </View>
  );
}
