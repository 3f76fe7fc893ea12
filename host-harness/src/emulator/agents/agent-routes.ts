import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApp } from '../apps/index.ts';
import { type Caller, type CallerState, callerOf, isAdmin } from '../auth/index.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../core/errors.ts';
import { recordData } from '../core/record-data.ts';
import type { ConversationStore } from './conversation-store.ts';
import type { LocalAgent } from './local-agent.ts';

const AGENT_NAME = /^[A-Za-z0-9_ -]{1,100}$/;
const ROLES = new Set(['user', 'assistant', 'system']);
const MAX_CONTENT = 100_000;

// An account id, or `anon:<id>` for a visitor who sent X-Base44-Anonymous-Id.
function ownerOf(caller: Caller): string | null {
  if (caller.account) return caller.account.id;
  if (caller.anonymousId) return `anon:${caller.anonymousId}`;
  return null;
}

/** Agent conversations, their messages, and the built-in local agent's replies. */
export function registerAgentRoutes(
  app: FastifyInstance,
  ctx: { state: CallerState & { conversations: ConversationStore }; agent: LocalAgent },
): void {
  const { state } = ctx;
  const base = '/api/apps/:appId/agents/conversations';

  function context(request: FastifyRequest) {
    const { appId } = request.params as { appId: string };
    requireApp(state, appId);
    const caller = callerOf(state, request);
    const owner = ownerOf(caller);
    if (!owner && !caller.service)
      throw new UnauthorizedError('Sign in (or send X-Base44-Anonymous-Id) to use agents');
    return { appId, caller, owner };
  }

  function visible(request: FastifyRequest, id: string) {
    const { appId, caller, owner } = context(request);
    // An unknown id is a 404 here; a found one is a stored id (24 characters), named in full.
    const found = state.conversations.get(appId, id);
    if (found.owner !== owner && !isAdmin(state, appId, caller)) {
      throw new NotFoundError(`Conversation ${id} not found`, 'conversation_not_found');
    }
    return found.conversation;
  }

  app.get(base, async (request) => {
    const { appId, caller, owner } = context(request);
    const all = isAdmin(state, appId, caller)
      ? state.conversations.list(appId, null)
      : state.conversations.list(appId, owner);
    const { agent_name: agentName } = request.query as Record<string, unknown>;
    return typeof agentName === 'string' ? all.filter((c) => c.agent_name === agentName) : all;
  });

  app.post(base, async (request) => {
    const { appId, caller, owner } = context(request);
    const data = recordData(request.body, 'The conversation');
    if (typeof data.agent_name !== 'string' || !AGENT_NAME.test(data.agent_name)) {
      throw new BadRequestError(
        'agent_name is required (letters, digits, space, _ and -, at most 100)',
        'invalid_body',
      );
    }
    // Absent or null: none.
    const metadata = data.metadata ?? {};
    if (typeof metadata !== 'object' || Array.isArray(metadata)) {
      throw new BadRequestError('metadata must be an object', 'invalid_body');
    }
    if (!owner) throw new ForbiddenError('The service role needs on-behalf-of to own a conversation');
    const conversation = state.conversations.create(
      appId,
      owner,
      data.agent_name,
      metadata as Record<string, unknown>,
      caller.account?.email ?? null,
    );
    return { ...conversation, messages: [] };
  });

  app.get(`${base}/:id`, async (request) => {
    const { id } = request.params as { id: string };
    const conversation = visible(request, id);
    return { ...conversation, messages: state.conversations.messages(conversation.id) };
  });

  const addMessage = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const conversation = visible(request, id);
    const data = recordData(request.body, 'The message');
    const role = data.role ?? 'user';
    if (typeof role !== 'string' || !ROLES.has(role))
      throw new BadRequestError('role must be user, assistant or system', 'invalid_body');
    if (
      data.content !== undefined &&
      (typeof data.content !== 'string' || data.content.length > MAX_CONTENT)
    ) {
      throw new BadRequestError(
        `content must be a string of at most ${MAX_CONTENT} characters`,
        'invalid_body',
      );
    }
    return ctx.agent.addMessage(conversation, { ...data, role });
  };
  // The contract's path, and the reference client's.
  app.post(`${base}/:id/messages`, addMessage);
  app.post(`${base}/v2/:id/messages`, addMessage);
}
