/**
 * Realtime over socket.io (`/ws-user-apps/socket.io/`): handshakes, rooms and `update_model` broadcasts. Who a socket
 * is and which rooms it may join are given by the features that own them (`RealtimeAccess`).
 */
export { registerRealtimeControlRoutes } from './realtime-control-routes.ts';
export { type RealtimeAccess, RealtimeHub, type SocketIdentity } from './realtime-hub.ts';
