import { View, Text } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';

export default function Page() {
  const r = useRouter();
  return <View><Text>me {JSON.stringify(r.params)} {typeof location !== 'undefined' ? location.pathname : ''}</Text></View>;
}
