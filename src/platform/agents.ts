import { ERROR_CODES } from './constants.ts';
import { RealtimeError } from './errors/realtime-error.ts';
import type { HttpCore, QueryParams } from './http-core.ts';
import type { RealtimeSubscriber } from './realtime-subscriber.ts';
import type {
  AgentConversation,
  AgentMessage,
  ConversationUpdateData,
  CreateConversationPayload,
} from './types.ts';

/** Calls on the app's AI agents, `/apps/{appId}/agents`. */
export interface AgentsClient {
  /** `GET /conversations`. */
  getConversations(): Promise<AgentConversation[]>;
  /** `GET /conversations` with filter parameters. */
  listConversations(params?: QueryParams): Promise<AgentConversation[]>;
  /** `GET /conversations/{id}`: the conversation with its messages. */
  getConversation(id: string): Promise<AgentConversation>;
  /** `POST /conversations {agent_name, metadata?}`. */
  createConversation(payload: CreateConversationPayload): Promise<AgentConversation>;
  /** `POST /conversations/{id}/messages`; `conversation` is the conversation or its id. */
  addMessage(conversation: { id: string } | string, message: Partial<AgentMessage>): Promise<AgentMessage>;
  /**
   * Loads the conversation, joins the room `/agent-conversations/{id}` and calls `onUpdate` with the conversation
   * each time an update's message is merged into it by `id`. Returns the unsubscribe function.
   */
  subscribeToConversation(
    id: string,
    onUpdate: (conversation: AgentConversation) => void,
    onError?: (error: Error) => void,
  ): () => void;
  /** `${serverUrl}/api/apps/{appId}/agents/{agent}/whatsapp?token=<token>` (the token is added only when known). */
  getWhatsAppConnectURL(agentName: string): string;
}

/** Replaces the message with the same `id`, or appends it. */
export function mergeMessage(conversation: AgentConversation, message: AgentMessage): AgentConversation {
  const messages = conversation.messages ?? [];
  const index = messages.findIndex((m) => m.id === message.id);
  return {
    ...conversation,
    messages: index === -1 ? [...messages, message] : messages.map((m, i) => (i === index ? message : m)),
  };
}

/** Creates the agents client; pass `realtime` to enable `subscribeToConversation`. */
export function createAgentsClient(core: HttpCore, realtime?: () => RealtimeSubscriber): AgentsClient {
  const base = `/apps/${core.appId}/agents`;
  const get = async <T>(path: string, query?: QueryParams) =>
    (await core.request<T>(base + path, { query })).data;
  const post = async <T>(path: string, body: unknown) =>
    (await core.request<T>(base + path, { method: 'POST', body })).data;
  const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`;
  const getConversation = (id: string) => get<AgentConversation>(conversationPath(id));

  return {
    getConversations: () => get('/conversations'),
    listConversations: (params) => get('/conversations', params),
    getConversation,
    createConversation: (payload) => post('/conversations', payload),
    addMessage: (conversation, message) =>
      post(
        `${conversationPath(typeof conversation === 'string' ? conversation : conversation.id)}/messages`,
        message,
      ),
    subscribeToConversation(id, onUpdate, onError) {
      if (!realtime) throw new RealtimeError('Realtime is not available', ERROR_CODES.realtimeUnavailable);
      // Updates that arrive before the first load are applied, in order, once it is there.
      let current: Promise<AgentConversation | null> = getConversation(id).catch((error) => {
        onError?.(error);
        return null;
      });
      return realtime().subscribe(`/agent-conversations/${id}`, {
        update(data) {
          const message = (data as ConversationUpdateData | null)?._message;
          if (!message) return;
          current = current.then((conversation) => {
            if (!conversation) return null;
            const next = mergeMessage(conversation, message);
            try {
              onUpdate(next);
            } catch (error) {
              onError?.(error as Error);
            }
            return next;
          });
        },
        error: onError,
      });
    },
    getWhatsAppConnectURL(agentName) {
      const token = core.getToken();
      const url = `${core.serverUrl}/api/apps/${core.appId}/agents/${encodeURIComponent(agentName)}/whatsapp`;
      return token ? `${url}?token=${encodeURIComponent(token)}` : url;
    },
  };
}
