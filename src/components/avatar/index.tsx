import { View, Text, Image } from '@tarojs/components';
import { avatarColor, avatarInitial } from '../../utils/avatar';
import { Icon } from '../icon';
import './index.scss';

export interface AvatarProps {
  /** The picture's address; empty or missing: the generated initial. */
  src?: string | null;
  /** The nickname the initial and its colour come from. */
  name?: string | null;
  /** Colour seed when there is no name (a guest): e.g. the position in a list. */
  seed?: string;
  /** Sizes the avatar: width, height, and font-size for the initial (about half the width). */
  className: string;
  testId?: string;
}

/**
 * A round avatar: the picture, or the nickname's initial (first letter, or first CJK
 * character) on a colour derived from the name; a person glyph when there is no name.
 */
export function Avatar({ src, name, seed, className, testId }: AvatarProps) {
  if (src) return <Image className={`avatar avatar--image ${className}`} src={src} mode="aspectFill" data-testid={testId} data-avatar="image" />;
  const initial = avatarInitial(name);
  const key = (name ?? '').trim() || seed || '';
  return (
    <View className={`avatar avatar--initial ${className}`} style={{ background: avatarColor(key) }} data-testid={testId} data-avatar="initial" data-initial={initial}>
      {initial ? <Text className="avatar__initial">{initial}</Text> : <Icon name="user" className="avatar__glyph" />}
    </View>
  );
}

export default Avatar;
