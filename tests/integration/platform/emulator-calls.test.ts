import { describe, expect, it } from 'vitest';
import {
  createPlatformClient,
  isPlatformNetworkError,
  isPlatformParseError,
  isPlatformTimeoutError,
  type PlatformError,
} from '../../../src/platform/index.ts';
import { perFile } from '../../support/per-file.ts';
import { ACCOUNTS, APP_ID, SERVICE_TOKEN, startEmulator, type TestEmulator } from './support/emulator.ts';

let emu: TestEmulator;
perFile(startEmulator, (started) => {
  emu = started;
});

interface OutboxMessage {
  kind: string;
  to: string;
  subject?: string;
  body?: string;
  code?: string;
  reset_token?: string;
}
const outbox = () => emu.control<OutboxMessage[]>('GET', '/outbox');
const lastMail = async (kind: string, to: string) => {
  const found = (await outbox()).filter((m) => m.kind === kind && m.to === to).at(-1);
  if (!found) throw new Error(`no ${kind} mail to ${to}`);
  return found;
};

describe('auth calls against the emulator', () => {
  it('register, resendOtp, verifyOtp (with the code from the outbox), then login', async () => {
    const { platform } = emu.client();
    const email = 'new.person@example.com';
    expect(
      await platform.auth.register({ email, password: 'brand-new-pw', full_name: 'New Person' }),
    ).toMatchObject({
      success: true,
    });
    expect(await platform.auth.resendOtp(email)).toMatchObject({ success: true });
    const { code } = await lastMail('otp', email);
    const verified = await platform.auth.verifyOtp<{ access_token: string }>({ email, otpCode: code ?? '' });
    expect(typeof verified.access_token).toBe('string');
    const login = await platform.auth.loginViaEmailPassword(email, 'brand-new-pw');
    expect(login.user).toMatchObject({ email, role: 'user' });
    expect(await platform.auth.isAuthenticated()).toBe(true);
  });

  it('resetPasswordRequest and resetPassword (token from the outbox)', async () => {
    const { platform } = emu.client();
    await platform.auth.resetPasswordRequest(ACCOUNTS.user.email);
    const { reset_token: resetToken } = await lastMail('password_reset', ACCOUNTS.user.email);
    await platform.auth.resetPassword({ resetToken: resetToken ?? '', newPassword: 'another-pw-1' });
    await expect(
      platform.auth.loginViaEmailPassword(ACCOUNTS.user.email, 'another-pw-1'),
    ).resolves.toMatchObject({
      user: { email: ACCOUNTS.user.email },
    });
  });

  it('changePassword for the signed-in user', async () => {
    const { platform } = await emu.signedIn('user');
    const me = await platform.auth.me();
    await platform.auth.changePassword({
      userId: me.id,
      currentPassword: ACCOUNTS.user.password,
      newPassword: 'changed-pw-1',
    });
    const again = emu.client().platform;
    await expect(again.auth.loginViaEmailPassword(ACCOUNTS.user.email, 'changed-pw-1')).resolves.toBeTruthy();
  });

  it('a 401 on login logs out: token cleared from both keys and the page reloaded', async () => {
    const { platform, storage, location } = await emu.signedIn('user');
    expect(storage.getItem('base44_access_token')).toBeTruthy();
    const error: PlatformError = await platform.auth
      .loginViaEmailPassword(ACCOUNTS.user.email, 'wrong-password')
      .catch((e) => e);
    expect(error.status).toBe(401);
    expect(storage.getItem('base44_access_token')).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(location.reloads).toBe(1);
  });

  it('inviteUser (admin) sends user_email and role', async () => {
    const { platform } = await emu.signedIn('admin');
    const invited = await platform.auth.inviteUser<{ email: string; role: string }>(
      'invitee@example.com',
      'user',
    );
    expect(invited).toMatchObject({ email: 'invitee@example.com', role: 'user' });
    expect((await lastMail('invitation', 'invitee@example.com')).reset_token).toBeTruthy();
  });

  it('asServiceRole: SSO access token for a user, User entity access; none without a service token', async () => {
    const { platform: user } = await emu.signedIn('user');
    const me = await user.auth.me();
    const service = createPlatformClient({
      appId: APP_ID,
      serverUrl: emu.baseUrl,
      serviceToken: SERVICE_TOKEN,
      storage: null,
      location: null,
    });
    const { access_token: ssoToken } = await service.asServiceRole.sso.getAccessToken(me.id);
    expect(typeof ssoToken).toBe('string');
    const asUser = createPlatformClient({
      appId: APP_ID,
      serverUrl: emu.baseUrl,
      token: ssoToken,
      storage: null,
      location: null,
    });
    expect((await asUser.auth.me()).email).toBe(ACCOUNTS.user.email);
    const users = await service.asServiceRole.entities.User?.list();
    expect(users?.map((u) => u.email)).toEqual(
      expect.arrayContaining([ACCOUNTS.user.email, ACCOUNTS.admin.email]),
    );
    expect(() => user.asServiceRole).toThrow(
      'Service token is required to use asServiceRole. Please provide a serviceToken when creating the client.',
    );
  });
});

describe('integrations, functions, agents and app logs against the emulator', () => {
  it('Core.SendEmail (JSON) and Core.UploadFile (multipart)', async () => {
    const { platform } = await emu.signedIn('user');
    const sent = await platform.integrations.Core.SendEmail<{ success: boolean }>({
      to: 'x@example.com',
      subject: 'Hi',
      body: 'Hello there',
    });
    expect(sent.success).toBe(true);
    expect(await lastMail('email', 'x@example.com')).toMatchObject({ subject: 'Hi', body: 'Hello there' });
    const uploaded = await platform.integrations.Core.UploadFile<{ file_url: string }>({
      file: new File(['pdf-ish'], 'brief.txt', { type: 'text/plain' }),
    });
    const download = await fetch(uploaded.file_url);
    expect(await download.text()).toBe('pdf-ish');
  });

  it('installable packages and their errors', async () => {
    const { platform } = await emu.signedIn('user');
    await emu.control('POST', '/integrations', { package: 'crm', endpoint: 'Sync', response: { synced: 3 } });
    expect(await platform.integrations.crm?.Sync?.({ all: true })).toEqual({ synced: 3 });
    const crm = platform.integrations.crm;
    const missing = (await crm?.Nope?.({}).catch((e: unknown) => e)) as PlatformError;
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('integration_not_installed');
  });

  it("functions: an unknown package is a 400 with the function's code and answer", async () => {
    const { platform } = await emu.signedIn('user');
    const error: PlatformError = await platform.functions
      .invoke('createCheckout', { packageName: 'platinum' })
      .catch((e) => e);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect((error.data as { error: string }).error).toMatch(/^Unknown packageName/);
    expect(error.message).toBe((error.data as { error: string }).error);
  });

  it('agents: create, list, get, add a message, WhatsApp URL', async () => {
    const { platform } = await emu.signedIn('user');
    const conversation = await platform.agents.createConversation({
      agent_name: 'helper',
      metadata: { topic: 't' },
    });
    expect(conversation).toMatchObject({ agent_name: 'helper', messages: [] });
    expect((await platform.agents.getConversations()).map((c) => c.id)).toEqual([conversation.id]);
    expect((await platform.agents.listConversations({ agent_name: 'nobody' })).length).toBe(0);
    const message = await platform.agents.addMessage(conversation, { role: 'user', content: 'Hello agent' });
    expect(message).toMatchObject({ role: 'user', content: 'Hello agent' });
    const loaded = await platform.agents.getConversation(conversation.id);
    expect(loaded.messages.map((m) => m.content)).toContain('Hello agent');
    const token = platform.auth.getToken() ?? '';
    expect(platform.agents.getWhatsAppConnectURL('helper bot')).toBe(
      `${emu.baseUrl}/api/apps/${APP_ID}/agents/helper%20bot/whatsapp?token=${encodeURIComponent(token)}`,
    );
  });

  it('app logs: logUserInApp, fetchLogs and getStats (admin)', async () => {
    const { platform: user } = await emu.signedIn('user');
    await user.appLogs.logUserInApp('Pricing');
    await user.appLogs.logUserInApp('Index');
    await user.appLogs.logUserInApp('Pricing');
    const { platform: admin } = await emu.signedIn('admin');
    const logs = await admin.appLogs.fetchLogs<unknown[]>({ page: 'Pricing' });
    expect(logs).toHaveLength(2);
    const stats = await admin.appLogs.getStats<Record<string, unknown>>({});
    expect(JSON.stringify(stats)).toContain('Pricing');
    const denied = (await user.appLogs.fetchLogs().catch((e: unknown) => e)) as PlatformError;
    expect(denied.status).toBe(403);
  });
});

describe('faults become handled PlatformErrors', () => {
  it('200 with malformed JSON → invalid_json', async () => {
    const { platform } = await emu.signedIn('user');
    await emu.control('POST', '/faults', {
      path: `/api/apps/${APP_ID}/functions/createCheckout`,
      malformed: true,
      times: 1,
    });
    const error: PlatformError = await platform.functions
      .invoke('createCheckout', { packageName: 'gold' })
      .catch((e) => e);
    expect(isPlatformParseError(error)).toBe(true);
    expect(error.code).toBe('invalid_json');
    expect(error.status).toBe(200);
  });

  it('a page reached by a 40 KB link still reaches the platform (X-Origin-URL is capped)', async () => {
    const { platform, location } = emu.client();
    location.href = `http://localhost:4401/PaymentSuccess?session_id=${'cs_test_'.repeat(5000)}`;
    const settings = await platform.app.getPublicSettings();
    expect(settings).toMatchObject({ id: APP_ID });
  });

  it('a dropped connection → network error without status', async () => {
    const { platform } = emu.client();
    await emu.control('POST', '/faults', { path: '/api/apps/public', drop: true, times: 1 });
    const error: PlatformError = await platform.app.getPublicSettings().catch((e) => e);
    expect(isPlatformNetworkError(error)).toBe(true);
    expect(error.status).toBeUndefined();
  });

  it('429 and 5xx carry status, message and code from the body', async () => {
    const { platform } = emu.client();
    await emu.control('POST', '/faults', {
      path: '/api/apps/public',
      status: 429,
      body: { detail: 'Slow down', code: 'rate_limited' },
      times: 1,
    });
    const error: PlatformError = await platform.app.getPublicSettings().catch((e) => e);
    expect(error).toMatchObject({ status: 429, message: 'Slow down', code: 'rate_limited' });
    await emu.control('POST', '/faults', { path: '/api/apps/public', status: 500, times: 1 });
    const server: PlatformError = await platform.app.getPublicSettings().catch((e) => e);
    expect(server).toMatchObject({
      status: 500,
      message: 'Injected fault (status 500)',
      code: 'injected_fault',
    });
  });

  it('a slow answer with a timeout → timeout error; an abort signal → abort', async () => {
    const slow = createPlatformClient({
      appId: APP_ID,
      serverUrl: emu.baseUrl,
      storage: null,
      location: null,
      timeout: 100,
    });
    await emu.control('POST', '/faults', { path: '/api/apps/public', delayMs: 400, times: 2 });
    const error: PlatformError = await slow.app.getPublicSettings().catch((e) => e);
    expect(isPlatformTimeoutError(error)).toBe(true);
    const aborted: PlatformError = await emu
      .client()
      .platform.app.getPublicSettings({ signal: AbortSignal.timeout(50) })
      .catch((e) => e);
    expect(aborted.name).toBe('PlatformAbortError');
  });

  it('a per-call timeout on me(), getPublicSettings() and invoke() rejects with the timeout error; me() takes a signal', async () => {
    const { platform } = await emu.signedIn('user');
    const me = `/api/apps/${APP_ID}/entities/User/me`;
    await emu.control('POST', '/faults', { path: me, delayMs: 600, times: 1 });
    const started = performance.now();
    const late: PlatformError = await platform.auth.me({ timeout: 100 }).catch((e) => e);
    expect(isPlatformTimeoutError(late)).toBe(true);
    expect(late).toMatchObject({ code: 'timeout', message: 'timeout of 100ms exceeded' });
    expect(performance.now() - started).toBeLessThan(500);
    // A timed-out me() is not a rejection of the token: it stays.
    expect(platform.auth.getToken()).not.toBeNull();

    await emu.control('POST', '/faults', { path: '/api/apps/public', delayMs: 600, times: 1 });
    const settings = await platform.app.getPublicSettings({ timeout: 100 }).catch((e) => e);
    expect(isPlatformTimeoutError(settings)).toBe(true);
    await emu.control('POST', '/faults', {
      path: `/api/apps/${APP_ID}/functions/createCheckout`,
      delayMs: 600,
      times: 1,
    });
    const checkout = await platform.functions
      .invoke('createCheckout', { packageName: 'gold' }, { timeout: 100 })
      .catch((e) => e);
    expect(isPlatformTimeoutError(checkout)).toBe(true);

    await emu.control('POST', '/faults', { path: me, delayMs: 600, times: 1 });
    const aborted: PlatformError = await platform.auth
      .me({ signal: AbortSignal.timeout(50) })
      .catch((e) => e);
    expect(aborted.name).toBe('PlatformAbortError');
    expect(await platform.auth.me({ timeout: 2000 })).toMatchObject({ email: 'user@example.com' });
  });
});
