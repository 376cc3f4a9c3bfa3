import { ScrollView, View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';

/** A tab of the category bar: All, Person, Hot, or one of the gallery's own tags. */
export type TagTab = { kind: 'all' } | { kind: 'person' } | { kind: 'hot' } | { kind: 'tag'; tag: string };

export const tabKey = (tab: TagTab): string => (tab.kind === 'tag' ? `tag:${tab.tag}` : tab.kind);

/** The gallery's `tags`: a comma-separated string or an array (spec part 1 §3). */
export function galleryTags(tags: unknown): string[] {
  const list = Array.isArray(tags) ? tags.map(String) : typeof tags === 'string' ? tags.split(',') : [];
  return Array.from(new Set(list.map((s) => s.trim()).filter(Boolean)));
}

interface Props {
  tags: string[];
  /** The Person tab: only where the gallery has face search on (use_face). */
  person: boolean;
  active: TagTab;
  color: string;
  onSelect: (tab: TagTab) => void;
}

/** The category tag bar above the photos. */
function TagBar({ tags, person, active, color, onSelect }: Props) {
  const tabs: Array<{ tab: TagTab; label: string }> = [
    { tab: { kind: 'all' }, label: t('tags.all') },
    ...(person ? [{ tab: { kind: 'person' } as TagTab, label: t('tags.person') }] : []),
    { tab: { kind: 'hot' }, label: t('tags.hot') },
    ...tags.map((tag) => ({ tab: { kind: 'tag', tag } as TagTab, label: tag }))
  ];
  const activeKey = tabKey(active);
  return (
    <ScrollView className="photo-tags" scrollX enhanced showScrollbar={false} data-testid="tag-bar">
      <View className="photo-tags__row">
        {tabs.map(({ tab, label }) => {
          const key = tabKey(tab);
          const on = key === activeKey;
          return (
            <View
              key={key}
              className={`photo-tags__tab${on ? ' photo-tags__tab--active' : ''}`}
              style={on ? { color, borderColor: color } : undefined}
              data-testid="tag-tab"
              data-key={key}
              data-active={on ? '1' : '0'}
              onClick={() => onSelect(tab)}
            >
              <Text>{label}</Text>
            </View>
          );
        })}
      </View>
    </ScrollView>
  );
}

export default observer(TagBar);
