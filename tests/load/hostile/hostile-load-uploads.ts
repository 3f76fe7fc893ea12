/** UploadFile requests: hostile file names must come back cleaned, and each stored file must read back unchanged. */
import {
  bearer,
  type CaseContext,
  type Category,
  type Expectation,
  type HostileRequest,
} from './hostile-load-cases.ts';

/** A multipart UploadFile call, built by hand so the file name reaches the server exactly as written. */
export function multipartUpload(
  ctx: CaseContext,
  category: Category,
  filename: string,
  content: Buffer,
  expect: Expectation,
  onSuccess?: HostileRequest['onSuccess'],
): HostileRequest {
  const boundary = `----hostile${ctx.rng.int(0, 1e9)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/html\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head, 'latin1'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return {
    category,
    label: `UploadFile ${JSON.stringify(filename.slice(0, 24))}`,
    method: 'POST',
    path: `/api/apps/${ctx.app}/integration-endpoints/Core/UploadFile`,
    headers: { ...bearer(ctx.userToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    expect,
    ...(onSuccess ? { onSuccess } : {}),
  };
}

const HOSTILE_FILE_NAMES = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/shadow',
  '....//....//x.txt',
  '%2e%2e%2fx.txt',
  'a\u0000.png',
  'x'.repeat(5000),
  '.htaccess',
  '<script>alert(1)</script>.html',
  '',
  'ü🚀.txt',
  'CON',
  'foo/../../bar',
  '..',
];

export function uploadFileNames(ctx: CaseContext): HostileRequest {
  const filename = ctx.rng.pick(HOSTILE_FILE_NAMES);
  const content = `upload ${ctx.nextSeq()} ${filename.slice(0, 40)}`;
  // Names are UTF-8 in a multipart header: encode them so, and read them back as latin1 bytes above.
  const encoded = Buffer.from(filename, 'utf8').toString('latin1');
  return multipartUpload(ctx, 'upload-file-names', encoded, Buffer.from(content), '2xx', (body) => {
    const url = (body as { file_url?: unknown })?.file_url;
    if (typeof url !== 'string') return 'UploadFile answered without file_url';
    const { pathname } = new URL(url);
    const segments = pathname.split('/');
    const name = decodeURIComponent(segments.at(-1) ?? '');
    if (
      segments.length !== 4 ||
      segments[1] !== 'files' ||
      /[/\\]|^\./.test(name) ||
      name.includes('\u0000') ||
      name === ''
    ) {
      return `UploadFile kept an unsafe name: ${pathname}`;
    }
    ctx.ledger.uploads.push({ path: pathname, content });
    return null;
  });
}
