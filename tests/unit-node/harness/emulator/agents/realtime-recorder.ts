/** The realtime events the local agent posts, as a socket in the room would receive them (the agents' tests). */
export interface Posted {
  room: string;
  data: unknown;
}

/** A stand-in for the realtime hub that keeps what was published. */
export function recorder(): { posted: Posted[]; publish(room: string, data: unknown): void } {
  const posted: Posted[] = [];
  return { posted, publish: (room, data) => posted.push({ room, data }) };
}
