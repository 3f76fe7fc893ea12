/** A client that sends its request slowly over raw TCP: the head at once, then one byte at a time. */
import net from 'node:net';

export interface SlowAnswer {
  /** The status of what the server answered before closing (0: it closed without answering). */
  status: number;
  text: string;
  /** From the first byte sent until the server closed the connection. */
  closedAfterMs: number;
  /** Bytes of `drip` sent before the server closed the connection. */
  dripped: number;
}

/**
 * Writes `head`, then the bytes of `drip` one every `everyMs`, until the server closes the connection (or `giveUpMs`
 * passes: then `closedAfterMs` is Infinity).
 */
export function slowRequest(
  base: string,
  head: string,
  drip: string,
  everyMs: number,
  giveUpMs = 20_000,
): Promise<SlowAnswer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let text = '';
    let dripped = 0;
    const finish = (closedAfterMs: number) => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0),
        text,
        closedAfterMs,
        dripped,
      });
    };
    const ticker = setInterval(() => {
      if (dripped < drip.length && socket.writable) socket.write(drip[dripped++]!, 'latin1');
    }, everyMs);
    const giveUp = setTimeout(() => finish(Number.POSITIVE_INFINITY), giveUpMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    // A reset after the answer (the server destroys the socket) is the same as a close here.
    socket.on('error', () => {});
    socket.on('close', () => finish(performance.now() - started));
    socket.write(head, 'latin1');
  });
}
