import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Person } from '../../../types/api/face';
import { personCount } from '../../stores/face/faceRules';
import { faceImageUrl } from '../../utils/image';
import { t } from '../../i18n';
import { Avatar } from '../../components/avatar';

/** A person's round face, with the name under it and the photo count (capped at 99). */
export const PersonFace = observer(function PersonFace({ person, onTap, active, testId = 'person-face' }: { person: Person; onTap?: () => void; active?: boolean; testId?: string }) {
  return (
    <View className={`person-face${active ? ' person-face--active' : ''}`} data-testid={testId} data-personid={person.personid} data-status={person.status} onClick={onTap}>
      <Image className="person-face__image" src={faceImageUrl(person.faceurl)} mode="aspectFill" lazyLoad />
      <Text className="person-face__count" data-testid="person-count">
        {personCount(person.total_image)}
      </Text>
      {person.name || person.status !== 'unfollow' ? (
        <Text className="person-face__name">{person.name || t(person.status === 'self' ? 'face.status.self' : 'face.status.follow')}</Text>
      ) : null}
    </View>
  );
});

/** The head of a person's photos: face, name, count of photos here, and actions. */
export const PersonHeader = observer(function PersonHeader({ person, children }: { person: Person; children?: React.ReactNode }) {
  const count = personCount(person.total_image);
  return (
    <View className="person-head" data-testid="person-head" data-personid={person.personid}>
      <Avatar className="person-head__face" src={faceImageUrl(person.faceurl)} name={person.name} seed={String(person.personid)} />
      <View className="person-head__text">
        <Text className="person-head__name" data-testid="person-name">
          {person.name || (person.status === 'self' ? t('face.status.self') : t('face.unnamed'))}
        </Text>
        <Text className="person-head__count" data-testid="person-head-count">
          {t('face.photoCount', { num: count, count: person.total_image })}
        </Text>
      </View>
      <View className="person-head__actions">{children}</View>
    </View>
  );
});
