import type { RealtimeHub } from '../realtime/index.ts';
import type { Conversation, ConversationStore, Message } from './conversation-store.ts';

/** How long the built-in agent "thinks" before answering. */
const AGENT_REPLY_DELAY_MS = 50;

/** The built-in agent's answer: deterministic, and plainly marked as coming from the emulator. */
function agentReplyText(agentName: string, content: string): string {
  const quoted = content.length > 200 ? `${content.slice(0, 200)}…` : content;
  return `[Emulated agent reply] This is the local stand-in for the agent "${agentName}". You wrote: "${quoted}"`;
}

/**
 * The built-in local agent: every user message gets an assistant reply after a short delay. Both messages are
 * broadcast as `update_model` on `/agent-conversations/{id}` (the message under `_message`, as the reference client
 * reads it, and under `data`).
 */
export class LocalAgent {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly state: { conversations: ConversationStore },
    private readonly realtime: Pick<RealtimeHub, 'publish'>,
  ) {}

  addMessage(conversation: Conversation, message: Record<string, unknown> & { role: string }): Message {
    const stored = this.state.conversations.addMessage(conversation, message);
    this.publish(conversation.id, stored);
    if (stored.role === 'user') {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.reply(
          conversation.app_id,
          conversation.id,
          typeof stored.content === 'string' ? stored.content : '',
        );
      }, AGENT_REPLY_DELAY_MS);
      this.timers.add(timer);
    }
    return stored;
  }

  private reply(appId: string, conversationId: string, content: string): void {
    let conversation: Conversation;
    try {
      conversation = this.state.conversations.get(appId, conversationId).conversation;
    } catch {
      return; // reset in the meantime
    }
    const reply = this.state.conversations.addMessage(conversation, {
      role: 'assistant',
      content: agentReplyText(conversation.agent_name, content),
      emulated: true,
    });
    this.publish(conversationId, reply);
  }

  private publish(conversationId: string, message: Message): void {
    this.realtime.publish(`/agent-conversations/${conversationId}`, {
      type: 'update',
      id: conversationId,
      conversation_id: conversationId,
      _message: message,
      data: message,
    });
  }

  /** Cancels pending replies (reset and close). */
  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
