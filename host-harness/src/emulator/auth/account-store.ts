import type { Db, Tables } from '../core/database.ts';
import { newId, newOtpCode, newToken, nowIso } from '../core/ids.ts';

/** Accounts, their access tokens, one-time codes and password-reset tokens. */
export const ACCOUNT_TABLES: Tables = {
  names: ['accounts', 'tokens', 'one_time_codes', 'reset_tokens'],
  schema: `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,
  full_name TEXT NOT NULL DEFAULT '',
  verified INTEGER NOT NULL DEFAULT 0,
  profile TEXT NOT NULL DEFAULT '{}',
  created_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  created_date TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_by_account ON tokens (account_id);
CREATE TABLE IF NOT EXISTS one_time_codes (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  code TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS reset_tokens (
  token TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  expires_ms INTEGER NOT NULL
);
`,
};

export interface Account {
  id: string;
  email: string;
  password_hash: string | null;
  full_name: string;
  verified: boolean;
  profile: Record<string, unknown>;
  created_date: string;
}

interface AccountRow extends Omit<Account, 'verified' | 'profile'> {
  verified: number;
  profile: string;
}

const OTP_TTL_MS = 10 * 60_000;
const OTP_MAX_ATTEMPTS = 5;
const RESET_TTL_MS = 60 * 60_000;

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'locked';

function toAccount(row: AccountRow | undefined): Account | undefined {
  if (!row) return undefined;
  return {
    ...row,
    verified: row.verified === 1,
    profile: JSON.parse(row.profile) as Record<string, unknown>,
  };
}

/**
 * Platform accounts (e-mail, password hash, verification), their opaque access tokens (stored, so they survive a
 * restart), one-time codes and password-reset tokens. Membership of an app is a `User` record, not an account.
 */
export class AccountStore {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      insert: db.prepare(
        'INSERT INTO accounts (id, email, password_hash, full_name, verified, profile, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      byEmail: db.prepare('SELECT * FROM accounts WHERE email = ?'),
      byId: db.prepare('SELECT * FROM accounts WHERE id = ?'),
      setPassword: db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?'),
      setVerified: db.prepare('UPDATE accounts SET verified = 1 WHERE id = ?'),
      addToken: db.prepare('INSERT INTO tokens (token, account_id, created_date) VALUES (?, ?, ?)'),
      token: db.prepare('SELECT account_id FROM tokens WHERE token = ?'),
      revoke: db.prepare('DELETE FROM tokens WHERE account_id = ?'),
      putOtp: db.prepare(
        'INSERT OR REPLACE INTO one_time_codes (email, code, expires_ms, attempts) VALUES (?, ?, ?, 0)',
      ),
      otp: db.prepare('SELECT code, expires_ms, attempts FROM one_time_codes WHERE email = ?'),
      otpAttempt: db.prepare('UPDATE one_time_codes SET attempts = attempts + 1 WHERE email = ?'),
      dropOtp: db.prepare('DELETE FROM one_time_codes WHERE email = ?'),
      putReset: db.prepare('INSERT INTO reset_tokens (token, account_id, expires_ms) VALUES (?, ?, ?)'),
      reset: db.prepare('SELECT account_id, expires_ms FROM reset_tokens WHERE token = ?'),
      dropReset: db.prepare('DELETE FROM reset_tokens WHERE token = ?'),
    };
  }

  create(input: {
    email: string;
    passwordHash: string | null;
    fullName: string;
    verified: boolean;
    profile?: Record<string, unknown>;
    id?: string;
  }): Account {
    const id = input.id ?? newId();
    this.stmts.insert.run(
      id,
      input.email,
      input.passwordHash,
      input.fullName,
      input.verified ? 1 : 0,
      JSON.stringify(input.profile ?? {}),
      nowIso(),
    );
    return this.byId(id)!;
  }

  byEmail(email: string): Account | undefined {
    return toAccount(this.stmts.byEmail.get(email) as AccountRow | undefined);
  }

  byId(id: string): Account | undefined {
    return toAccount(this.stmts.byId.get(id) as AccountRow | undefined);
  }

  setPasswordHash(accountId: string, hash: string): void {
    this.stmts.setPassword.run(hash, accountId);
  }

  markVerified(accountId: string): void {
    this.stmts.setVerified.run(accountId);
  }

  issueToken(accountId: string): string {
    const token = newToken();
    this.stmts.addToken.run(token, accountId, nowIso());
    return token;
  }

  /** The account a bearer token belongs to, if the token is known. */
  accountForToken(token: string): Account | undefined {
    const row = this.stmts.token.get(token) as { account_id: string } | undefined;
    return row ? this.byId(row.account_id) : undefined;
  }

  revokeTokens(accountId: string): void {
    this.stmts.revoke.run(accountId);
  }

  /** Issues a new one-time code for an e-mail (replacing any previous one). */
  issueOtp(email: string): string {
    const code = newOtpCode();
    this.stmts.putOtp.run(email, code, Date.now() + OTP_TTL_MS);
    return code;
  }

  checkOtp(email: string, code: string): OtpCheck {
    const row = this.stmts.otp.get(email) as
      | { code: string; expires_ms: number; attempts: number }
      | undefined;
    if (!row) return 'invalid';
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked';
    if (row.expires_ms < Date.now()) return 'expired';
    if (row.code !== code) {
      this.stmts.otpAttempt.run(email);
      return 'invalid';
    }
    this.stmts.dropOtp.run(email);
    return 'ok';
  }

  issueResetToken(accountId: string): string {
    const token = newToken();
    this.stmts.putReset.run(token, accountId, Date.now() + RESET_TTL_MS);
    return token;
  }

  /** Consumes a reset token: the account id when valid, undefined otherwise. */
  consumeResetToken(token: string): string | undefined {
    const row = this.stmts.reset.get(token) as { account_id: string; expires_ms: number } | undefined;
    if (!row) return undefined;
    this.stmts.dropReset.run(token);
    return row.expires_ms >= Date.now() ? row.account_id : undefined;
  }
}
