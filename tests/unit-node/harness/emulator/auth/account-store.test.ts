/**
 * The emulator's accounts over a real in-memory SQLite database: accounts and their opaque tokens, one-time codes
 * (ten minutes, five wrong tries, then locked) and password-reset tokens (one hour, used once).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TABLES, AccountStore } from '../../../../../host-harness/src/emulator/auth/account-store.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const MINUTE = 60_000;

function store(): AccountStore {
  return new AccountStore(openDatabase(null, [ACCOUNT_TABLES]));
}

function newAccount(accounts: AccountStore, email = 'ann@example.com') {
  return accounts.create({ email, passwordHash: 'scrypt$hash', fullName: 'Ann', verified: false });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ACCOUNT_TABLES', () => {
  it('names every table its schema creates, so that a reset empties them all', () => {
    const db = openDatabase(null, [ACCOUNT_TABLES]);
    const created = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
    expect([...ACCOUNT_TABLES.names].sort()).toEqual(created);
    expect(created).toEqual(['accounts', 'one_time_codes', 'reset_tokens', 'tokens']);
  });
});

describe('accounts', () => {
  it('creates an account with a new platform-shaped id, unverified, with its profile', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const accounts = store();
    const created = accounts.create({
      email: 'ann@example.com',
      passwordHash: 'scrypt$hash',
      fullName: 'Ann',
      verified: false,
      profile: { company: 'Acme' },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: 'ann@example.com',
      password_hash: 'scrypt$hash',
      full_name: 'Ann',
      verified: false,
      profile: { company: 'Acme' },
      created_date: new Date(T0).toISOString(),
    });
    expect(accounts.byId(created.id)).toEqual(created);
    expect(accounts.byEmail('ann@example.com')).toEqual(created);
  });

  it('keeps a given id, a verified flag, no password and an empty profile', () => {
    const accounts = store();
    const created = accounts.create({
      id: '65f0a0000000000000000009',
      email: 'bo@example.com',
      passwordHash: null,
      fullName: '',
      verified: true,
    });
    expect(created).toMatchObject({
      id: '65f0a0000000000000000009',
      password_hash: null,
      verified: true,
      profile: {},
    });
    expect(newAccount(accounts).id).not.toBe(newAccount(accounts, 'cy@example.com').id);
  });

  it('finds an account by e-mail whatever its case, and one e-mail has one account', () => {
    const accounts = store();
    const ann = newAccount(accounts);
    expect(accounts.byEmail('ANN@Example.com')?.id).toBe(ann.id);
    expect(accounts.byEmail('nobody@example.com')).toBeUndefined();
    expect(accounts.byId('nobody')).toBeUndefined();
    expect(() => newAccount(accounts, 'Ann@example.com')).toThrow(/UNIQUE/);
  });

  it('sets a password hash and marks an account verified, that account only', () => {
    const accounts = store();
    const ann = newAccount(accounts);
    const bo = newAccount(accounts, 'bo@example.com');
    accounts.setPasswordHash(ann.id, 'scrypt$new');
    accounts.markVerified(ann.id);
    expect(accounts.byId(ann.id)).toMatchObject({ password_hash: 'scrypt$new', verified: true });
    expect(accounts.byId(bo.id)).toMatchObject({ password_hash: 'scrypt$hash', verified: false });
  });
});

describe('access tokens', () => {
  it('issues a new opaque 256-bit token each time, each leading to its account', () => {
    const accounts = store();
    const ann = newAccount(accounts);
    const first = accounts.issueToken(ann.id);
    const second = accounts.issueToken(ann.id);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(accounts.accountForToken(first)?.id).toBe(ann.id);
    expect(accounts.accountForToken(second)?.id).toBe(ann.id);
    expect(accounts.accountForToken('unknown')).toBeUndefined();
    expect(accounts.accountForToken('')).toBeUndefined();
  });

  it('revokes every token of one account, and only that account’s', () => {
    const accounts = store();
    const ann = newAccount(accounts);
    const bo = newAccount(accounts, 'bo@example.com');
    const annTokens = [accounts.issueToken(ann.id), accounts.issueToken(ann.id)];
    const boToken = accounts.issueToken(bo.id);
    accounts.revokeTokens(ann.id);
    for (const token of annTokens) expect(accounts.accountForToken(token)).toBeUndefined();
    expect(accounts.accountForToken(boToken)?.id).toBe(bo.id);
  });
});

describe('one-time codes', () => {
  it('issues a six-digit code that is good once', () => {
    const accounts = store();
    const code = accounts.issueOtp('ann@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(accounts.checkOtp('ANN@example.com', code)).toBe('ok');
    expect(accounts.checkOtp('ann@example.com', code)).toBe('invalid');
  });

  it('answers invalid for an address with no code, and for a wrong code', () => {
    const accounts = store();
    expect(accounts.checkOtp('ann@example.com', '123456')).toBe('invalid');
    const code = accounts.issueOtp('ann@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(accounts.checkOtp('ann@example.com', wrong)).toBe('invalid');
    expect(accounts.checkOtp('ann@example.com', code)).toBe('ok');
  });

  it('replaces the previous code of an address, and keeps other addresses’ codes', () => {
    const accounts = store();
    const bo = accounts.issueOtp('bo@example.com');
    let old = accounts.issueOtp('ann@example.com');
    let current = accounts.issueOtp('ann@example.com');
    while (current === old) [old, current] = [current, accounts.issueOtp('ann@example.com')];
    expect(accounts.checkOtp('ann@example.com', old)).toBe('invalid');
    expect(accounts.checkOtp('ann@example.com', current)).toBe('ok');
    expect(accounts.checkOtp('bo@example.com', bo)).toBe('ok');
  });

  it('locks the code after five wrong tries, even against the right one, until a new code is issued', () => {
    const accounts = store();
    const code = accounts.issueOtp('ann@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect(accounts.checkOtp('ann@example.com', wrong)).toBe('invalid');
    expect(accounts.checkOtp('ann@example.com', code)).toBe('locked');
    expect(accounts.checkOtp('ann@example.com', wrong)).toBe('locked');
    const fresh = accounts.issueOtp('ann@example.com');
    expect(accounts.checkOtp('ann@example.com', fresh)).toBe('ok');
  });

  it('still takes the right code after four wrong tries, and counts tries per address', () => {
    const accounts = store();
    const code = accounts.issueOtp('ann@example.com');
    const bo = accounts.issueOtp('bo@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) accounts.checkOtp('ann@example.com', wrong);
    for (let i = 0; i < 5; i++) accounts.checkOtp('bo@example.com', bo === '000000' ? '000001' : '000000');
    expect(accounts.checkOtp('ann@example.com', code)).toBe('ok');
    expect(accounts.checkOtp('bo@example.com', bo)).toBe('locked');
  });

  it('is good for ten minutes to the millisecond, then expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const accounts = store();
    const code = accounts.issueOtp('ann@example.com');
    const late = accounts.issueOtp('bo@example.com');
    vi.setSystemTime(T0 + 10 * MINUTE);
    expect(accounts.checkOtp('ann@example.com', code)).toBe('ok');
    vi.setSystemTime(T0 + 10 * MINUTE + 1);
    expect(accounts.checkOtp('bo@example.com', late)).toBe('expired');
    expect(accounts.checkOtp('bo@example.com', '')).toBe('expired');
  });
});

describe('password-reset tokens', () => {
  it('answers the account once, then never again', () => {
    const accounts = store();
    const ann = newAccount(accounts);
    const token = accounts.issueResetToken(ann.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(accounts.issueResetToken(ann.id)).not.toBe(token);
    expect(accounts.consumeResetToken(token)).toBe(ann.id);
    expect(accounts.consumeResetToken(token)).toBeUndefined();
    expect(accounts.consumeResetToken('unknown')).toBeUndefined();
  });

  it('is good for an hour to the millisecond; an expired one is used up too', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const accounts = store();
    const ann = newAccount(accounts);
    const onTime = accounts.issueResetToken(ann.id);
    const late = accounts.issueResetToken(ann.id);
    vi.setSystemTime(T0 + 60 * MINUTE);
    expect(accounts.consumeResetToken(onTime)).toBe(ann.id);
    vi.setSystemTime(T0 + 60 * MINUTE + 1);
    expect(accounts.consumeResetToken(late)).toBeUndefined();
    vi.setSystemTime(T0);
    expect(accounts.consumeResetToken(late)).toBeUndefined();
  });
});
