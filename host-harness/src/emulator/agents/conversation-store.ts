import type { Db, Tables } from '../core/database.ts';
import { NotFoundError } from '../core/errors.ts';
import { newId, nowIso } from '../core/ids.ts';

/** Agent conversations and their messages. */
export const CONVERSATION_TABLES: Tables = {
  names: ['conversations', 'messages'],
  schema: `
CREATE TABLE IF NOT EXISTS conversations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  app_id TEXT NOT NULL,
  owner TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages (conversation_id, seq);
`,
};

export interface Conversation {
  id: string;
  app_id: string;
  agent_name: string;
  metadata: Record<string, unknown>;
  created_by: string | null;
  created_date: string;
  updated_date: string;
}

export type Message = Record<string, unknown> & { id: string; role: string; created_date: string };

/** Agent conversations and their messages. `owner` is an account id, or `anon:<id>` for an anonymous visitor. */
export class ConversationStore {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare('INSERT INTO conversations (id, app_id, owner, data) VALUES (?, ?, ?, ?)'),
      get: db.prepare('SELECT owner, data FROM conversations WHERE id = ? AND app_id = ?'),
      touch: db.prepare('UPDATE conversations SET data = ? WHERE id = ?'),
      byOwner: db.prepare('SELECT data FROM conversations WHERE app_id = ? AND owner = ? ORDER BY seq DESC'),
      all: db.prepare('SELECT data FROM conversations WHERE app_id = ? ORDER BY seq DESC'),
      addMessage: db.prepare('INSERT INTO messages (conversation_id, data) VALUES (?, ?)'),
      messages: db.prepare('SELECT data FROM messages WHERE conversation_id = ? ORDER BY seq'),
    };
  }

  create(
    appId: string,
    owner: string,
    agentName: string,
    metadata: Record<string, unknown>,
    email: string | null,
  ): Conversation {
    const now = nowIso();
    const conversation: Conversation = {
      id: newId(),
      app_id: appId,
      agent_name: agentName,
      metadata,
      created_by: email,
      created_date: now,
      updated_date: now,
    };
    this.stmts.insert.run(conversation.id, appId, owner, JSON.stringify(conversation));
    return conversation;
  }

  /** The conversation and its owner; 404 when unknown in this app. */
  get(appId: string, id: string): { conversation: Conversation; owner: string } {
    const row = this.stmts.get.get(id, appId) as { owner: string; data: string } | undefined;
    if (!row) throw new NotFoundError(`Conversation ${id} not found`, 'conversation_not_found');
    return { conversation: JSON.parse(row.data) as Conversation, owner: row.owner };
  }

  list(appId: string, owner: string | null): Conversation[] {
    const rows = (owner === null ? this.stmts.all.all(appId) : this.stmts.byOwner.all(appId, owner)) as {
      data: string;
    }[];
    return rows.map((row) => JSON.parse(row.data) as Conversation);
  }

  messages(conversationId: string): Message[] {
    return (this.stmts.messages.all(conversationId) as { data: string }[]).map(
      (row) => JSON.parse(row.data) as Message,
    );
  }

  addMessage(conversation: Conversation, message: Record<string, unknown> & { role: string }): Message {
    const stored: Message = { ...message, id: newId(), created_date: nowIso() };
    // The message and the conversation's updated_date change together or not at all.
    this.db.transaction(() => {
      this.stmts.addMessage.run(conversation.id, JSON.stringify(stored));
      this.stmts.touch.run(
        JSON.stringify({ ...conversation, updated_date: stored.created_date }),
        conversation.id,
      );
    })();
    return stored;
  }
}
