/** Agent conversations: their store, routes and realtime rooms, and the built-in local agent that answers them. */
export { registerAgentRoutes } from './agent-routes.ts';
export { mayJoinConversationRoom } from './conversation-rooms.ts';
export { CONVERSATION_TABLES, ConversationStore } from './conversation-store.ts';
export { LocalAgent } from './local-agent.ts';
