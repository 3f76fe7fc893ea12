/**
 * The function runner's control API (`functions/function-control-routes.ts`): which functions run, a function's log
 * lines, and stopping one (so that its next call starts it cold); 404s name the function, cut to 64 characters.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE_PID,
  FAKE_PORT,
  type FunctionApp,
  functionApp,
  removeFolders,
  STARTED_AT,
} from './function-app.ts';

let open: FunctionApp | null = null;
async function start(names?: readonly string[]): Promise<FunctionApp> {
  open = await functionApp(names);
  return open;
}

afterEach(async () => {
  await open?.close();
  open = null;
  removeFolders();
});

const LONG = `${'f'.repeat(64)}ggg`;

describe('GET /__harness/functions', () => {
  it('lists the running functions: none before any call, then each one called', async () => {
    const f = await start(['hello', 'other']);
    expect((await f.call('GET', '/__harness/functions')).body).toStrictEqual([]);
    await f.call('POST', '/api/apps/local-app/functions/hello');
    const listed = await f.call('GET', '/__harness/functions');
    expect(listed.status).toBe(200);
    expect(listed.body).toStrictEqual([
      {
        name: 'hello',
        runtime: 'workerd',
        pid: FAKE_PID,
        port: FAKE_PORT,
        started_at: STARTED_AT,
        starts: 1,
      },
    ]);
  });
});

describe('GET /__harness/functions/:name/logs', () => {
  it('gives the lines a function wrote, oldest first, and none for a function never started', async () => {
    const f = await start(['hello', 'other']);
    expect((await f.call('GET', '/__harness/functions/other/logs')).body).toStrictEqual([]);
    await f.call('GET', '/api/apps/local-app/functions/hello');
    const logs = await f.call('GET', '/__harness/functions/hello/logs');
    expect(logs.status).toBe(200);
    expect(logs.body.map((line: { stream: string; line: string }) => [line.stream, line.line])).toStrictEqual(
      [
        ['stdout', 'hello is listening'],
        ['stderr', 'a warning'],
      ],
    );
  });

  it('answers 404 function_not_found for a function the project does not have', async () => {
    const f = await start();
    const unknown = await f.call('GET', '/__harness/functions/nope/logs');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toStrictEqual({ message: 'No function nope', code: 'function_not_found' });
    expect((await f.call('GET', `/__harness/functions/${LONG}/logs`)).body).toStrictEqual({
      message: `No function ${'f'.repeat(64)}`,
      code: 'function_not_found',
    });
  });
});

describe('POST /__harness/functions/:name/stop', () => {
  it('stops a running function: it is no longer listed, and its next call starts it again', async () => {
    const f = await start();
    await f.call('GET', '/api/apps/local-app/functions/hello');
    const stopped = await f.call('POST', '/__harness/functions/hello/stop');
    expect(stopped.status).toBe(200);
    expect(stopped.body).toStrictEqual({ ok: true });
    expect((await f.call('GET', '/__harness/functions')).body).toStrictEqual([]);
    await f.call('GET', '/api/apps/local-app/functions/hello');
    expect(f.starts()).toBe(2);
    expect((await f.call('GET', '/__harness/functions')).body[0].starts).toBe(2);
  });

  it('answers 404 function_not_running for a function that is not running (or does not exist)', async () => {
    const f = await start();
    const idle = await f.call('POST', '/__harness/functions/hello/stop');
    expect(idle.status).toBe(404);
    expect(idle.body).toStrictEqual({
      message: 'Function hello is not running',
      code: 'function_not_running',
    });
    expect((await f.call('POST', `/__harness/functions/${LONG}/stop`)).body).toStrictEqual({
      message: `Function ${'f'.repeat(64)} is not running`,
      code: 'function_not_running',
    });
  });
});
