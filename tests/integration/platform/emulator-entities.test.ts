import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EntityRecord, PlatformClient, PlatformError } from '../../../src/platform/index.ts';
import { ACCOUNTS, startEmulator, type TestEmulator } from './support/emulator.ts';

interface Lead extends EntityRecord {
  name: string;
  score: number;
  stage?: string;
}

let emu: TestEmulator;
let platform: PlatformClient<{ Lead: Lead }>;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.reset();
  platform = (await emu.signedIn('admin')).platform as unknown as PlatformClient<{ Lead: Lead }>;
});

describe('entities against the emulator', () => {
  it('create, get, update (partial merge), delete', async () => {
    const leads = platform.entities.Lead;
    const created = await leads.create({ name: 'Ann Smith', score: 5, stage: 'New' });
    expect(created).toMatchObject({ name: 'Ann Smith', score: 5, stage: 'New' });
    expect(typeof created.id).toBe('string');
    expect(created.created_date).toBeTruthy();
    expect(created.updated_date).toBeTruthy();
    expect(created).toHaveProperty('created_by');
    expect(await leads.get(created.id)).toMatchObject({ id: created.id, name: 'Ann Smith' });
    const updated = await leads.update(created.id, { stage: 'Contacted' });
    expect(updated).toMatchObject({ name: 'Ann Smith', score: 5, stage: 'Contacted' });
    expect(await leads.delete(created.id)).toMatchObject({ success: true });
    const missing: PlatformError = await leads.get(created.id).catch((e) => e);
    expect(missing.status).toBe(404);
  });

  it('list and filter with sort, limit, skip and fields; q with spaces and operators', async () => {
    const leads = platform.entities.Lead;
    const made = await leads.bulkCreate([
      { name: 'Ann Smith', score: 1 },
      { name: 'Bob Jones', score: 7 },
      { name: 'Cy Young', score: 4 },
      { name: 'Di Prince', score: 9 },
    ]);
    expect(made).toHaveLength(4);
    expect((await leads.list()).map((l) => l.name)).toEqual([
      'Di Prince',
      'Cy Young',
      'Bob Jones',
      'Ann Smith',
    ]);
    expect((await leads.list('score', 2, 1)).map((l) => l.score)).toEqual([4, 7]);
    expect((await leads.list('-score', 0, 0)).map((l) => l.score)).toEqual([9, 7, 4, 1]);
    const slim = await leads.list('name', 1, undefined, ['name']);
    expect(slim).toHaveLength(1);
    expect(slim[0]?.name).toBe('Ann Smith');
    expect(slim[0]).not.toHaveProperty('score');
    expect((await leads.filter({ name: 'Bob Jones' })).map((l) => l.score)).toEqual([7]);
    expect((await leads.filter({ score: { $gte: 4 } }, 'score')).map((l) => l.score)).toEqual([4, 7, 9]);
    expect(
      (
        await leads.filter({ $or: [{ score: { $lt: 2 } }, { name: { $regex: '^Di' } }] }, '-score', 5, 0, [
          'name',
        ])
      ).map((l) => l.name),
    ).toEqual(['Di Prince', 'Ann Smith']);
    const [last] = await emu.control<{ query: Record<string, string> }[]>('GET', '/requests?limit=1');
    expect(last?.query).toEqual({
      q: '{"$or":[{"score":{"$lt":2}},{"name":{"$regex":"^Di"}}]}',
      sort: '-score',
      limit: '5',
      fields: 'name',
    });
  });

  it('deleteMany with a JSON body, and bulkCreate', async () => {
    const leads = platform.entities.Lead;
    await leads.bulkCreate([
      { name: 'a', score: 1 },
      { name: 'b', score: 2 },
      { name: 'c', score: 3 },
    ]);
    expect(await leads.deleteMany({ score: { $lte: 2 } })).toEqual({ success: true, deleted: 2 });
    expect((await leads.list()).map((l) => l.name)).toEqual(['c']);
  });

  it('importEntities sends the file as multipart field file', async () => {
    const csv = new File(['name,score\nImported One,3\n"Two, Quoted",4\n'], 'leads.csv', {
      type: 'text/csv',
    });
    const result = await platform.entities.Lead.importEntities(csv);
    expect(result.status).toBe('success');
    expect(Array.isArray(result.output)).toBe(true);
    expect((result.output as Lead[]).map((l) => l.name).sort()).toEqual(['Imported One', 'Two, Quoted']);
  });

  it('User me and updateMe', async () => {
    const { platform: user } = await emu.signedIn('user');
    const me = await user.entities.User.me();
    expect(me).toMatchObject({ email: ACCOUNTS.user.email, role: 'user' });
    const changed = await user.entities.User.updateMe({ full_name: 'Ulla User' });
    expect(changed.full_name).toBe('Ulla User');
    expect((await user.auth.updateMe({ full_name: 'U2' })).full_name).toBe('U2');
    expect((await user.auth.me()).full_name).toBe('U2');
  });
});
