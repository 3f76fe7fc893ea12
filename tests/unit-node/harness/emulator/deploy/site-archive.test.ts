/**
 * The site's archive as a deploy uploads it (site-archive.ts): a gzip-compressed tar of plain files and folders below
 * the site root, with index.html at its top, within the bounds; anything else is refused naming the problem, and
 * nothing is read past it.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  readSiteArchive,
  SITE_ARCHIVE_LIMITS,
  SITE_ENTRY,
} from '../../../../../host-harness/src/emulator/deploy/site-archive.ts';
import { SMALL_SITE, tarGzOf, tarOf } from '../../../../support/site-tarball.ts';
import { settled } from '../outcome.ts';

const invalid = (problem: string) => `400 invalid_archive: The site archive ${problem}`;
const tooLarge = (problem: string) => `413 archive_too_large: The site archive ${problem}`;
const small = { expandedBytes: 64 * 1024, files: 3 };

describe('readSiteArchive: what a deploy publishes', () => {
  it('answers every file with its path below the root, folders left out, in the archive’s order', async () => {
    const files = await readSiteArchive(await tarGzOf(SMALL_SITE));
    expect(files.map((file) => [file.path, file.body.toString()])).toEqual([
      ['index.html', '<!doctype html><title>Deployed</title><h1>The deployed copy</h1>'],
      ['404.html', '<!doctype html><title>Not found</title><h1>Not here</h1>'],
      ['assets/app.js', 'console.log("deployed");'],
    ]);
    expect(SITE_ENTRY).toBe('index.html');
  });

  it('reads an empty file, and a name too long for a plain tar header (pax)', async () => {
    const deep = `./${'folder/'.repeat(40)}page.html`;
    const files = await readSiteArchive(
      await tarGzOf([
        ['./index.html', ''],
        [deep, 'deep'],
      ]),
    );
    expect(files.map((file) => [file.path, file.body.length])).toEqual([
      ['index.html', 0],
      [deep.slice(2), 4],
    ]);
  });

  it('refuses an archive without index.html at its top', async () => {
    const refusal = invalid(
      "holds no index.html at its top: archive the site's output folder from inside it",
    );
    expect(await settled(async () => readSiteArchive(await tarGzOf([['./dist/index.html', 'x']])))).toBe(
      refusal,
    );
    expect(await settled(() => readSiteArchive(gzipSync(Buffer.alloc(1_024))))).toBe(refusal);
  });
});

describe('readSiteArchive: a malformed archive', () => {
  it('refuses what is not gzip, a cut gzip stream, and gzip that is not tar', async () => {
    const notGzip = invalid('is not gzip-compressed (a .tar.gz of the site is expected)');
    expect(await settled(() => readSiteArchive(Buffer.from('<html>')))).toBe(notGzip);
    expect(await settled(() => readSiteArchive(Buffer.from([0x1f])))).toBe(notGzip);
    expect(await settled(() => readSiteArchive(Buffer.from([0x1f, 0x8c, 0])))).toBe(notGzip);
    expect(await settled(() => readSiteArchive(Buffer.from([0x1e, 0x8b, 0])))).toBe(notGzip);
    expect(await settled(() => readSiteArchive(Buffer.alloc(0)))).toBe(notGzip);
    expect(await settled(() => readSiteArchive(Buffer.from([0x1f, 0x8b])))).toBe(
      invalid('is not a whole gzip stream (unexpected end of file)'),
    );
    expect(await settled(async () => readSiteArchive(await tarOf(SMALL_SITE)))).toBe(notGzip);
    const whole = await tarGzOf(SMALL_SITE);
    expect(await settled(() => readSiteArchive(whole.subarray(0, whole.length - 12)))).toBe(
      invalid('is not a whole gzip stream (unexpected end of file)'),
    );
    expect(await settled(() => readSiteArchive(gzipSync(Buffer.from('not a tar '.repeat(100)))))).toBe(
      invalid(
        'is not a whole tar archive (Invalid tar header. Maybe the tar is corrupted or it needs to be gunzipped?)',
      ),
    );
  });

  it('refuses a tar stream cut inside a file', async () => {
    const tar = await tarOf([['./index.html', 'x'.repeat(2_000)]]);
    expect(await settled(() => readSiteArchive(gzipSync(tar.subarray(0, 1_024))))).toBe(
      invalid('is not a whole tar archive (Unexpected end of data)'),
    );
  });

  it('refuses a second copy of a file', async () => {
    const twice = await tarGzOf([
      ['./index.html', 'a'],
      ['index.html', 'b'],
    ]);
    expect(await settled(() => readSiteArchive(twice))).toBe(invalid('holds index.html twice'));
  });

  it('refuses a file where the root folder should be', async () => {
    expect(await settled(async () => readSiteArchive(await tarGzOf([['./', 'x']])))).toBe(
      invalid('entry "./" is a file where the site root should be'),
    );
  });
});

describe('readSiteArchive: entries that would leave the site root', () => {
  it('refuses ../ and absolute names', async () => {
    expect(await settled(async () => readSiteArchive(await tarGzOf([['../evil.html', 'x']])))).toBe(
      '400 unsafe_path: The site archive entry "../evil.html" leaves the site root (..)',
    );
    expect(await settled(async () => readSiteArchive(await tarGzOf([['/etc/cron.d/evil', 'x']])))).toBe(
      '400 unsafe_path: The site archive entry "/etc/cron.d/evil" is an absolute path',
    );
  });

  it('refuses symbolic and hard links, naming where they point, and any other kind of entry', async () => {
    const site: [string, string] = ['./index.html', 'x'];
    const symlink = await tarGzOf([site, [{ name: './passwd', type: 'symlink', linkname: '/etc/passwd' }]]);
    expect(await settled(() => readSiteArchive(symlink))).toBe(
      invalid('entry "./passwd" is a symbolic link (to "/etc/passwd"): only files and folders are accepted'),
    );
    const hardlink = await tarGzOf([site, [{ name: './copy', type: 'link', linkname: '../../etc/shadow' }]]);
    expect(await settled(() => readSiteArchive(hardlink))).toBe(
      invalid('entry "./copy" is a hard link (to "../../etc/shadow"): only files and folders are accepted'),
    );
    const fifo = await tarGzOf([site, [{ name: './pipe', type: 'fifo' }]]);
    expect(await settled(() => readSiteArchive(fifo))).toBe(
      invalid('entry "./pipe" is of type fifo: only files and folders are accepted'),
    );
    const device = await tarGzOf([site, [{ name: './dev', type: 'character-device' }]]);
    expect(await settled(() => readSiteArchive(device))).toBe(
      invalid('entry "./dev" is of type character-device: only files and folders are accepted'),
    );
  });

  it('names an entry of a type tar does not define as unknown', async () => {
    const tar = await tarOf([
      ['./index.html', 'x'],
      ['./odd', 'y'],
    ]);
    // The second header: its type flag (byte 156) made 'Z', its checksum (bytes 148-155) written again.
    const header = tar.subarray(1_024, 1_536);
    header[156] = 'Z'.charCodeAt(0);
    header.fill(0x20, 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    expect(await settled(() => readSiteArchive(gzipSync(tar)))).toBe(
      invalid('entry "./odd" is of type unknown: only files and folders are accepted'),
    );
  });

  it('quotes at most 200 characters of an entry’s name and of a link’s target', async () => {
    const name = `./${'n'.repeat(300)}`;
    const target = `/${'t'.repeat(300)}`;
    const link = await tarGzOf([['./index.html', 'x'], [{ name, type: 'symlink', linkname: target }]]);
    expect(await settled(() => readSiteArchive(link))).toBe(
      invalid(
        `entry ${JSON.stringify(name.slice(0, 200))} is a symbolic link (to ${JSON.stringify(target.slice(0, 200))}): only files and folders are accepted`,
      ),
    );
  });
});

describe('readSiteArchive: bounds', () => {
  it('takes as many files as the bound, and refuses one more', async () => {
    const three: [string, string][] = [
      ['./index.html', 'x'],
      ['./a.js', 'a'],
      ['./b.js', 'b'],
    ];
    expect(await readSiteArchive(await tarGzOf(three), small)).toHaveLength(3);
    expect(
      await settled(async () => readSiteArchive(await tarGzOf([...three, ['./c.js', 'c']]), small)),
    ).toBe(tooLarge('holds more than 3 files'));
  });

  it('refuses a stream that expands past the bound, naming it in MB', async () => {
    const site = await tarOf([['./index.html', 'x']]);
    expect(await readSiteArchive(gzipSync(site), { expandedBytes: site.length, files: 3 })).toHaveLength(1);
    expect(
      await settled(() => readSiteArchive(gzipSync(site), { expandedBytes: site.length - 1, files: 3 })),
    ).toBe(tooLarge(`expands to more than ${(site.length - 1) / 1024 / 1024} MB`));
  });

  it('bounds an upload at 25 MB, its content at 100 MB and 5,000 files by default', async () => {
    expect(SITE_ARCHIVE_LIMITS).toEqual({
      archiveBytes: 25 * 1024 * 1024,
      expandedBytes: 100 * 1024 * 1024,
      files: 5_000,
    });
    // A gzip bomb: 101 members of 1 MB of zeros each, 100 KB in all (gunzip reads concatenated members as one stream).
    const bomb = Buffer.concat(Array.from({ length: 101 }, () => gzipSync(Buffer.alloc(1024 * 1024))));
    expect(await settled(() => readSiteArchive(bomb))).toBe(tooLarge('expands to more than 100 MB'));
  });
});
