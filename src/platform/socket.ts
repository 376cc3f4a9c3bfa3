import type { SocketPlatform } from './socket-core';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * The live channel's socket: the interface. The build takes socket.weapp.ts
 * (Taro.connectSocket, onAppShow) or socket.h5.ts (WebSocket, visibility and
 * online events); this file is what type checking sees, and what a platform
 * without an implementation gets.
 */
export * from './socket-core';

export const openSocket: SocketPlatform['openSocket'] = () => {
  throw new UnsupportedPlatformCall('openSocket', thisPlatform());
};
export const socketOrigin: SocketPlatform['socketOrigin'] = () => {
  throw new UnsupportedPlatformCall('socketOrigin', thisPlatform());
};
export const onForeground: SocketPlatform['onForeground'] = () => {
  throw new UnsupportedPlatformCall('onForeground', thisPlatform());
};
