/**
 * `npm run dev`: a change to a file of the project's folder starts the functions it concerns afresh, rebuilt: their own
 * folder, or shared code; a change that breaks the build is a 500 saying why, until the next change fixes it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../emulator/emulator-harness.ts';
import { eventually, fn, RUNTIMES, startWithFixtures } from './function-harness.ts';

describe.each(RUNTIMES)('functions rebuilt on change (%s)', (runtime) => {
  const project = mkdtempSync(path.join(tmpdir(), 'watched-'));
  const file = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(project, relative)), { recursive: true });
    writeFileSync(path.join(project, relative), text);
  };
  const greeting = async (name: string): Promise<string> => {
    const answer = await h.call('POST', fn(name), { body: {} });
    return answer.status === 200 ? answer.body.text : `${answer.status} ${answer.body.message}`;
  };
  let h: Running;

  beforeAll(async () => {
    file('shared/word.js', "export const word = 'hello';\n");
    for (const name of ['greet', 'other']) {
      file(`functions/${name}/function.jsonc`, `{ "name": "${name}", "entry": "index.js" }\n`);
      file(
        `functions/${name}/index.js`,
        `import { word } from '../../shared/word.js';\nDeno.serve(() => Response.json({ text: \`\${word} from ${name}\` }));\n`,
      );
    }
    h = await startWithFixtures({
      functionsDir: path.join(project, 'functions'),
      functionsRuntime: runtime,
      watchFunctions: true,
    });
  });
  afterAll(async () => {
    await h.close();
    rmSync(project, { recursive: true, force: true });
  });

  it("a function's own file restarts that function; shared code restarts every function", async () => {
    expect(await greeting('greet')).toBe('hello from greet');
    expect(await greeting('other')).toBe('hello from other');
    const otherStarts = () => h.emulator.functions.list().find((f) => f.name === 'other')?.starts;
    expect(otherStarts()).toBe(1);

    file('functions/greet/index.js', "Deno.serve(() => Response.json({ text: 'changed greet' }));\n");
    await eventually(async () => (await greeting('greet')) === 'changed greet', 10_000, 'greet rebuilt');
    expect(otherStarts()).toBe(1);

    file('shared/word.js', "export const word = 'hi';\n");
    await eventually(async () => (await greeting('other')) === 'hi from other', 10_000, 'other rebuilt');
  });

  it('a change that breaks the function answers 500 saying why; the next change that fixes it serves again', async () => {
    file('functions/greet/index.js', 'Deno.serve(() => Response.json({ text: "broken" ); \n');
    await eventually(
      async () => (await greeting('greet')).startsWith('500 Function greet failed'),
      10_000,
      'the break',
    );
    file('functions/greet/index.js', "Deno.serve(() => Response.json({ text: 'fixed' }));\n");
    await eventually(async () => (await greeting('greet')) === 'fixed', 10_000, 'greet fixed');
  });
});
