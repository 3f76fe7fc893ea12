/**
 * The app the body parsers' and named parameters' tests call: `POST /params` answers the named parameters it read
 * (files by name, type, size and text), `POST /raw` the parsed body as it reached the route; it takes
 * `application/octet-stream` as a Buffer. Each test file closes the app it opened with `closeParamsApp` after each test.
 */
import { readNamedParams } from '../../../../../../host-harness/src/emulator/core/http/named-params.ts';
import { type FeatureApp, featureApp } from '../../feature-app.ts';

export const MB = 1024 * 1024;

let open: FeatureApp | null = null;

export async function paramsApp(): Promise<FeatureApp> {
  open = await featureApp((app) => {
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.post('/params', async (request) => {
      const { values, files } = await readNamedParams(request, 'Thing');
      const shown = Object.fromEntries(
        Object.entries(files).map(([name, file]) => [
          name,
          {
            filename: file.filename,
            mimetype: file.mimetype,
            size: file.data.length,
            text: file.data.toString(),
          },
        ]),
      );
      return { values, files: shown };
    });
    app.post('/raw', async (request) => ({
      undefined: request.body === undefined,
      body: request.body ?? null,
    }));
  });
  return open;
}

export async function closeParamsApp(): Promise<void> {
  await open?.close();
  open = null;
}

/** Call options posting `payload` as JSON. */
export const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });
