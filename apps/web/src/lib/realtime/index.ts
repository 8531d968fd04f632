export { disconnectRealtime } from './active-client';
export { connectStatusSocket, STATUS_SOCKET_OPTIONS } from './connect';
export {
  RealtimeClient,
  type BroadcastEventName,
  type ChannelEventName,
  type ChannelHandlers,
  type RealtimeSocket,
} from './realtime-client';
export { RealtimeProvider, useRealtimeClient } from './realtime-provider';
export { useChannel, useRealtimeEvent } from './use-channel';
