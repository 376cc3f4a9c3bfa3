import { observer } from 'mobx-react';
import { View, Text } from '@tarojs/components';
import { t } from '../../i18n';
import './index.scss';

/** The bar of a /g/{linkid}/visit/{parentid} page: the way back to the parent page. */
export const VisitBackBar = observer(function VisitBackBar(props: { parentName: string | null; color: string; onTap: () => void }) {
  return (
    <View className="visit-back" data-testid="visit-back" onClick={props.onTap}>
      <Text className="visit-back__arrow" style={{ color: props.color }}>‹</Text>
      <Text className="visit-back__text" style={{ color: props.color }}>
        {props.parentName ? t('visit.backTo', { name: props.parentName }) : t('visit.backParent')}
      </Text>
    </View>
  );
});
