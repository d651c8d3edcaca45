import type { ChatAccount, ChatLoginSession, ContactInitProgress } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { INITIAL_LOGIN_STATE, type LoginEvent, type LoginState, loginReducer, secondsLeft } from './login-machine';

const T0 = Date.parse('2026-11-24T10:00:00Z');

function session(expiresInSeconds: number, serverAhead = 0): ChatLoginSession {
  return {
    loginSessionId: 'ls-1',
    qrImage: 'data:image/png;base64,AAAA',
    qrContent: 'http://127.0.0.1/gateway-sim/phone/abc',
    expiresAt: new Date(T0 + serverAhead + expiresInSeconds * 1000).toISOString(),
    expiresInSeconds,
  };
}

const account = { id: 7, nickname: 'Lin', account: 'lin_01' } as ChatAccount;

function progress(status: ContactInitProgress['status'], processed = 0, total = 0, error: string | null = null) {
  return { accountId: 7, status, processed, total, error, startedAt: null, finishedAt: null };
}

const run = (events: LoginEvent[], from: LoginState = INITIAL_LOGIN_STATE) => events.reduce(loginReducer, from);

const shown = (expiresIn = 120, serverAhead = 0) =>
  run([
    { type: 'requestQr', region: 3 },
    { type: 'qrReady', session: session(expiresIn, serverAhead), now: T0 },
  ]);

describe('login dialog state machine (WAVE2 §1.3)', () => {
  it('asks for a region first and makes no call without one', () => {
    const state = run([{ type: 'requestQr', region: undefined }]);
    expect(state).toEqual({ step: 'selectRegion', regionMissing: true });
  });

  it('shows the QR code with a countdown taken from the server’s expiry', () => {
    const state = shown(150);
    expect(state.step).toBe('qrShown');
    expect(secondsLeft(state, T0)).toBe(150);
    expect(secondsLeft(state, T0 + 10_500)).toBe(140);
  });

  it('counts down correctly when the browser clock differs from the server’s', () => {
    // The server is 5 minutes ahead: its expiresAt read on this clock would give 7 minutes.
    const state = shown(120, 300_000);
    expect(secondsLeft(state, T0)).toBe(120);
  });

  it('goes to qrFailed when the QR code cannot be made, and back to the region on retry', () => {
    const failed = run([
      { type: 'requestQr', region: 3 },
      { type: 'qrError', reason: 'gateway down' },
    ]);
    expect(failed).toEqual({ step: 'qrFailed', reason: 'gateway down' });
    expect(loginReducer(failed, { type: 'retry' })).toEqual(INITIAL_LOGIN_STATE);
  });

  it('keeps the QR code while waiting and notes a scan', () => {
    const base = shown();
    const waiting = loginReducer(base, {
      type: 'polled',
      info: { status: 'waiting', expiresAt: session(120).expiresAt },
    });
    expect(waiting.step === 'qrShown' && waiting.scanned).toBe(false);
    const scanned = loginReducer(waiting, {
      type: 'polled',
      info: { status: 'scanned', expiresAt: session(120).expiresAt },
    });
    expect(scanned.step === 'qrShown' && scanned.scanned).toBe(true);
  });

  it('expires when the countdown reaches 0', () => {
    const base = shown(60);
    expect(loginReducer(base, { type: 'tick', now: T0 + 59_000 }).step).toBe('qrShown');
    expect(loginReducer(base, { type: 'tick', now: T0 + 60_000 })).toEqual({ step: 'qrExpired' });
  });

  it('expires when the poll says so, and Regenerate asks for a new QR code', () => {
    const expired = loginReducer(shown(), {
      type: 'polled',
      info: { status: 'expired', expiresAt: session(0).expiresAt },
    });
    expect(expired).toEqual({ step: 'qrExpired' });
    const again = run(
      [
        { type: 'requestQr', region: 3 },
        { type: 'qrReady', session: { ...session(90), loginSessionId: 'ls-2' }, now: T0 },
      ],
      expired,
    );
    expect(again.step === 'qrShown' && again.session.loginSessionId).toBe('ls-2');
  });

  it('follows a poll that moves the expiry earlier', () => {
    const moved = loginReducer(shown(120), {
      type: 'polled',
      info: { status: 'waiting', expiresAt: new Date(T0 + 5_000).toISOString() },
    });
    expect(secondsLeft(moved, T0)).toBe(5);
    expect(loginReducer(moved, { type: 'tick', now: T0 + 5_000 })).toEqual({ step: 'qrExpired' });
  });

  it('fails the login when cancelled or failed, with the reason, and says which', () => {
    for (const status of ['cancelled', 'failed'] as const) {
      const state = loginReducer(shown(), {
        type: 'polled',
        info: { status, expiresAt: session(1).expiresAt, reason: 'region mismatch' },
      });
      expect(state).toEqual({
        step: 'loginFailed',
        reason: 'region mismatch',
        ...(status === 'cancelled' ? { cancelled: true } : {}),
      });
      expect(loginReducer(state, { type: 'retry' })).toEqual(INITIAL_LOGIN_STATE);
    }
  });

  it('asks for a verification code without leaving the QR code', () => {
    const state = loginReducer(shown(), {
      type: 'polled',
      info: { status: 'needsCode', expiresAt: session(120).expiresAt },
    });
    expect(state.step === 'qrShown' && state.needsCode).toBe(true);
  });

  it('runs success → initialising contacts → started', () => {
    const success = loginReducer(shown(), {
      type: 'polled',
      info: { status: 'confirmed', expiresAt: session(1).expiresAt, account },
    });
    expect(success).toEqual({ step: 'success', account });
    const running = loginReducer(success, { type: 'initStarted', progress: progress('queued') });
    expect(running).toEqual({ step: 'initialisingContacts', account, processed: 0, total: 0 });
    const half = loginReducer(running, { type: 'initProgress', progress: progress('running', 40, 80) });
    expect(half).toEqual({ step: 'initialisingContacts', account, processed: 40, total: 80 });
    expect(loginReducer(half, { type: 'initProgress', progress: progress('completed', 80, 80) })).toEqual({
      step: 'started',
      account,
      contacts: 80,
    });
  });

  it('goes to initFailed when initialisation fails, and retries it without a new QR code', () => {
    const running = run([{ type: 'initStarted', progress: progress('running', 1, 10) }], { step: 'success', account });
    const failed = loginReducer(running, { type: 'initProgress', progress: progress('failed', 3, 10, 'offline') });
    expect(failed).toEqual({ step: 'initFailed', account, reason: 'offline' });
    expect(loginReducer(failed, { type: 'requestQr', region: 3 })).toBe(failed);
    expect(loginReducer(failed, { type: 'initStarted', progress: progress('running') }).step).toBe(
      'initialisingContacts',
    );
    expect(loginReducer({ step: 'success', account }, { type: 'initError', reason: 'C0120' })).toEqual({
      step: 'initFailed',
      account,
      reason: 'C0120',
    });
  });

  it('ignores events that do not apply (a late poll after expiry, a late QR after close)', () => {
    const expired: LoginState = { step: 'qrExpired' };
    expect(
      loginReducer(expired, {
        type: 'polled',
        info: { status: 'confirmed', expiresAt: session(1).expiresAt, account },
      }),
    ).toBe(expired);
    expect(loginReducer(INITIAL_LOGIN_STATE, { type: 'qrReady', session: session(60), now: T0 })).toBe(
      INITIAL_LOGIN_STATE,
    );
  });

  it('starts afresh when the dialog closes, from any state (nothing is left to poll)', () => {
    expect(loginReducer(shown(), { type: 'reset' })).toEqual(INITIAL_LOGIN_STATE);
    expect(loginReducer({ step: 'initialisingContacts', account, processed: 1, total: 9 }, { type: 'reset' })).toEqual(
      INITIAL_LOGIN_STATE,
    );
  });

  it('opens on an account to initialise its contacts', () => {
    expect(loginReducer(INITIAL_LOGIN_STATE, { type: 'initAccount', account })).toEqual({ step: 'success', account });
  });
});
