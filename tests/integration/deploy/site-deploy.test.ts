/**
 * `POST deploy-dist` over HTTP and the published URL it answers: the site is served there as the site server serves
 * dist/, beside the dev copy; a bad archive (malformed, escaping the root, links, too large) is refused naming the
 * problem while the previous deployment keeps serving; a reset publishes nothing again.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SMALL_SITE, type TarEntry, tarGzOf } from '../../support/site-tarball.ts';
import { emulatorPerFile, type Running } from '../emulator/emulator-harness.ts';
import { deployCall, published, uploadSite } from './deploy-support.ts';

let h: Running;
emulatorPerFile((running) => {
  h = running;
});

const MB = 1024 * 1024;
const SECOND_SITE: TarEntry[] = [['./index.html', '<h1>The second deployment</h1>']];

describe('publishing a site', () => {
  it('answers nothing but a 404 saying so before the first deployment, and refuses a foreign Host', async () => {
    const before = await published(h);
    expect(before.status).toBe(404);
    expect(before.text).toContain('Nothing is deployed here yet');
    expect(before.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const url = new URL(h.emulator.publishedUrl());
    const foreign = await new Promise<number | undefined>((resolve, reject) => {
      // fetch() writes its own Host; a rebinding page's request carries the page's name.
      request(url, { headers: { host: `evil.example:${url.port}` } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(foreign).toBe(403);
  });

  it('answers app_url, where the site is served with the site server’s headers, pages and 404 page', async () => {
    const deploy = await uploadSite(h, await tarGzOf(SMALL_SITE));
    expect(deploy.body).toEqual({ app_url: h.emulator.publishedUrl() });
    expect(h.emulator.publishedUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const home = await published(h);
    expect([home.status, home.text]).toEqual([
      200,
      '<!doctype html><title>Deployed</title><h1>The deployed copy</h1>',
    ]);
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('referrer-policy')).toBe('no-referrer');
    // A page of the site (prerendered files absent here) falls back to the app shell; another path is the 404 page.
    expect((await published(h, 'Pricing')).status).toBe(200);
    const asset = await published(h, 'assets/app.js');
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    const missing = await published(h, 'missing.js');
    expect([missing.status, missing.text]).toEqual([
      404,
      '<!doctype html><title>Not found</title><h1>Not here</h1>',
    ]);
  });

  it('a new deployment replaces the old one whole; a reset publishes nothing again', async () => {
    await uploadSite(h, await tarGzOf(SMALL_SITE));
    await uploadSite(h, await tarGzOf(SECOND_SITE));
    expect((await published(h)).text).toBe('<h1>The second deployment</h1>');
    expect((await published(h, 'assets/app.js')).status).toBe(404);
    h.emulator.reset();
    expect((await published(h)).status).toBe(404);
    expect((await uploadSite(h, await tarGzOf(SMALL_SITE))).status).toBe(200);
    expect((await published(h)).status).toBe(200);
  });
});

describe('a bad archive changes nothing', () => {
  const refusals: [string, () => Promise<Buffer>, number, string][] = [
    ['a malformed archive', async () => Buffer.from('this is not gzip'), 400, 'invalid_archive'],
    [
      'a path escaping the root',
      () =>
        tarGzOf([
          ['./index.html', 'x'],
          ['../../escaped.html', 'x'],
        ]),
      400,
      'unsafe_path',
    ],
    [
      'an absolute path',
      () =>
        tarGzOf([
          ['./index.html', 'x'],
          ['/tmp/absolute.html', 'x'],
        ]),
      400,
      'unsafe_path',
    ],
    [
      'a symbolic link',
      () => tarGzOf([['./index.html', 'x'], [{ name: './link', type: 'symlink', linkname: '/etc/passwd' }]]),
      400,
      'invalid_archive',
    ],
    [
      'a hard link',
      () => tarGzOf([['./index.html', 'x'], [{ name: './hard', type: 'link', linkname: 'index.html' }]]),
      400,
      'invalid_archive',
    ],
    ['no index.html', () => tarGzOf([['./about.html', 'x']]), 400, 'invalid_archive'],
  ];

  for (const [what, archive, status, code] of refusals) {
    it(`${what}: ${status} ${code}, and the previous deployment keeps serving`, async () => {
      await uploadSite(h, await tarGzOf(SMALL_SITE));
      const refused = await uploadSite(h, await archive());
      expect([refused.status, refused.body.code], refused.text).toEqual([status, code]);
      expect(refused.body.message).toMatch(/^The site archive/);
      const home = await published(h);
      expect([home.status, home.text]).toEqual([
        200,
        '<!doctype html><title>Deployed</title><h1>The deployed copy</h1>',
      ]);
    });
  }

  it('a 50 MB upload is refused by the length it announces, a streamed one once it passes 25 MB', async () => {
    await uploadSite(h, await tarGzOf(SMALL_SITE));
    const boundary = 'archive-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dist.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
      ),
      Buffer.alloc(50 * MB),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const fifty = await deployCall(h, 'POST', '/deploy-dist', {
      raw: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect([fifty.status, fifty.body]).toEqual([
      413,
      { message: 'The site archive is larger than 25 MB', code: 'archive_too_large' },
    ]);
    // A FormData body is streamed without a length: the reader cuts it off at the bound.
    const justOver = await uploadSite(h, Buffer.alloc(25 * MB + 1));
    expect([justOver.status, justOver.body]).toEqual([
      413,
      { message: 'The site archive is larger than 25 MB', code: 'archive_too_large' },
    ]);
    expect((await published(h)).status).toBe(200);
  });

  it('an upload that is not multipart, or not in the field "file", or holds no file', async () => {
    const json = await deployCall(h, 'POST', '/deploy-dist', { body: { file: 'dist.tar.gz' } });
    expect([json.status, json.body.message]).toEqual([
      400,
      'Send the site archive as multipart/form-data, in the field "file"',
    ]);
    const field = await uploadSite(h, await tarGzOf(SMALL_SITE), 'archive');
    expect([field.status, field.body.message]).toEqual([
      400,
      'The site archive goes in the field "file", not "archive"',
    ]);
    const form = new FormData();
    form.append('note', 'no file');
    const empty = await deployCall(h, 'POST', '/deploy-dist', { raw: form });
    expect([empty.status, empty.body.message]).toEqual([
      400,
      'No site archive was sent (the multipart field "file")',
    ]);
    expect((await published(h)).status).toBe(404);
  });
});
