/**
 * A conversation subscription (src/platform/agents.ts) whose listener throws and that has no error listener: the
 * failure is dropped, and the next update still reaches the listener with the conversation up to date.
 */
import { expect, it } from 'vitest';
import type { HttpCore } from '../../../src/platform/http-core.ts';
import {
  type AgentConversation,
  createAgentsClient,
  type RealtimeSubscriber,
  type RoomHandlers,
} from '../../../src/platform/index.ts';

it('a listener that throws once, with no error listener, still gets the next update', async () => {
  const conversation: AgentConversation = { id: 'c1', messages: [{ id: 'm1', content: 'Hi' }] };
  // The platform's answer to GET .../conversations/c1, whatever the call.
  const core = { appId: 'local-app', request: async () => ({ data: conversation }) } as unknown as HttpCore;
  const rooms: RoomHandlers[] = [];
  const realtime = (): RealtimeSubscriber => ({
    subscribe(_room, handlers) {
      rooms.push(handlers);
      return () => undefined;
    },
  });
  const seen: AgentConversation[] = [];
  createAgentsClient(core, realtime).subscribeToConversation('c1', (next) => {
    seen.push(next);
    if (seen.length === 1) throw new Error('listener broke');
  });
  const update = (message: { id: string; content: string }) =>
    rooms[0]?.update?.({ _message: message }, { room: '/agent-conversations/c1', data: '' });
  update({ id: 'm2', content: 'Hello' });
  update({ id: 'm3', content: 'Still here' });
  await expect.poll(() => seen.length).toBe(2);
  expect(seen[1]?.messages?.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
});
