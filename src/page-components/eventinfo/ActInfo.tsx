import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import PlaceMap from '../../platform/place-map';
import { openMapPlace } from '../../platform/ui';
import { t } from '../../i18n';
import type { MapPlace } from '../../../types/page/eventinfo';
import type { PageComponentRenderProps } from '../types';
import './eventinfo.scss';

/** A place the map can show: a name and finite coordinates in range. */
export function validPlace(p: MapPlace | undefined): p is MapPlace {
  return !!p && typeof p.name === 'string' && Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && Math.abs(p.latitude) <= 90 && Math.abs(p.longitude) <= 180;
}

const Row = ({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) => (
  <View className="actinfo__row" data-testid={testId}>
    <Text className="actinfo__label">{label}</Text>
    <View className="actinfo__value">{children}</View>
  </View>
);

/** `actinfo`: time, place (the mini-program's map; in browsers a link to the map app), host and description. */
function ActInfo({ props, ctx }: PageComponentRenderProps<'actinfo'>) {
  const time = (props.time || '').trim();
  const sponsor = (props.sponsor || '').trim();
  const detail = (props.detail || '').trim();
  const place = validPlace(props.map) ? props.map : undefined;
  if (!time && !sponsor && !detail && !place) return null;
  return (
    <View className="actinfo" data-testid="actinfo">
      {time ? <Row label={t('info.time')} testId="actinfo-time"><Text>{time}</Text></Row> : null}
      {place ? (
        <Row label={t('info.place')} testId="actinfo-place">
          <Text className="actinfo__place">{place.name}</Text>
          {place.address ? <Text className="actinfo__address">{place.address}</Text> : null}
          <PlaceMap place={place} />
          <Text className="actinfo__link" data-testid="actinfo-open-map" style={{ color: ctx.theme.main }} onClick={() => openMapPlace(place)}>
            {t('info.openMap')}
          </Text>
        </Row>
      ) : null}
      {sponsor ? <Row label={t('info.sponsor')} testId="actinfo-sponsor"><Text>{sponsor}</Text></Row> : null}
      {detail ? <Row label={t('info.detail')} testId="actinfo-detail"><Text className="actinfo__detail">{detail}</Text></Row> : null}
    </View>
  );
}

export default observer(ActInfo);
