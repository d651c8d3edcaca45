import type { ChatAccount, ChatLoginInfo, ChatLoginSession, ContactInitProgress } from '@agent-console/contracts';

/**
 * The QR login dialog's state machine, exactly as WAVE2 §1.3 draws it:
 * selectRegion → qrShown (countdown) → success → initialisingContacts (progress) → started, with
 * the error states qrExpired, qrFailed, loginFailed and initFailed. `requesting` is selectRegion
 * (or qrExpired) waiting for `GET /account/login`. Pure: the dialog's hook makes the calls and
 * feeds their answers in as events, so every transition is tested without a browser.
 */
export type LoginState =
  | { step: 'selectRegion'; regionMissing: boolean }
  | { step: 'requesting' }
  | {
      step: 'qrShown';
      session: ChatLoginSession;
      /** When the QR code expires, on this browser's clock (see `deadlineOf`). */
      deadline: number;
      /** Server clock minus this browser's clock, learnt when the QR code arrived. */
      skew: number;
      scanned: boolean;
      needsCode: boolean;
    }
  | { step: 'qrExpired' }
  | { step: 'qrFailed'; reason: string | null }
  /** `cancelled`: the person cancelled on the phone; the gateway's words are then not shown. */
  | { step: 'loginFailed'; reason: string | null; cancelled?: boolean }
  | { step: 'success'; account: ChatAccount }
  | { step: 'initialisingContacts'; account: ChatAccount; processed: number; total: number }
  | { step: 'initFailed'; account: ChatAccount; reason: string | null }
  /** `contacts`: how many the initialisation read. */
  | { step: 'started'; account: ChatAccount; contacts: number };

export type LoginStep = LoginState['step'];

export type LoginEvent =
  /** "Get QR code" (or "Regenerate"): no region means no call and the region message. */
  | { type: 'requestQr'; region: number | undefined }
  | { type: 'qrReady'; session: ChatLoginSession; now: number }
  | { type: 'qrError'; reason: string | null }
  | { type: 'polled'; info: ChatLoginInfo }
  /** The countdown's clock. */
  | { type: 'tick'; now: number }
  /** Back to choosing a region after a failure. */
  | { type: 'retry' }
  /** The contact initialisation of a logged-in account has begun (the call answered). */
  | { type: 'initStarted'; progress: ContactInitProgress }
  | { type: 'initProgress'; progress: ContactInitProgress }
  | { type: 'initError'; reason: string | null }
  /** Opens the dialog on an account already logged in, to (re)initialise its contacts. */
  | { type: 'initAccount'; account: ChatAccount }
  | { type: 'reset' };

export const INITIAL_LOGIN_STATE: LoginState = { step: 'selectRegion', regionMissing: false };

/**
 * The QR code's expiry on this browser's clock. The server's `expiresAt` is the truth; the
 * browser's clock may be off, so the difference between the two clocks is learnt once, from
 * `expiresInSeconds` measured from the answer's arrival, and applied to every later `expiresAt`
 * (a poll may move it, e.g. when the phone lets the code expire early).
 */
export function deadlineOf(expiresAt: string, skew: number): number {
  return Date.parse(expiresAt) - skew;
}

export function skewOf(session: ChatLoginSession, now: number): number {
  return Date.parse(session.expiresAt) - (now + session.expiresInSeconds * 1000);
}

/** Whole seconds left on the countdown, never below 0. */
export function secondsLeft(state: LoginState, now: number): number {
  return state.step === 'qrShown' ? Math.max(0, Math.ceil((state.deadline - now) / 1000)) : 0;
}

function fromPoll(state: Extract<LoginState, { step: 'qrShown' }>, info: ChatLoginInfo): LoginState {
  switch (info.status) {
    case 'waiting':
    case 'scanned':
    case 'needsCode':
      return {
        ...state,
        deadline: deadlineOf(info.expiresAt, state.skew),
        scanned: state.scanned || info.status !== 'waiting',
        needsCode: info.status === 'needsCode',
      };
    case 'expired':
      return { step: 'qrExpired' };
    case 'confirmed':
      // A confirmation without the account cannot go on; it counts as a failed login.
      return info.account
        ? { step: 'success', account: info.account }
        : { step: 'loginFailed', reason: info.reason ?? null };
    case 'cancelled':
      return { step: 'loginFailed', reason: info.reason ?? null, cancelled: true };
    case 'failed':
      return { step: 'loginFailed', reason: info.reason ?? null };
  }
}

function initStep(account: ChatAccount, progress: ContactInitProgress): LoginState {
  if (progress.status === 'completed') return { step: 'started', account, contacts: progress.total };
  if (progress.status === 'failed') return { step: 'initFailed', account, reason: progress.error };
  return { step: 'initialisingContacts', account, processed: progress.processed, total: progress.total };
}

/** The next state; an event that does not apply to the current state changes nothing. */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'reset':
      return INITIAL_LOGIN_STATE;
    case 'initAccount':
      return { step: 'success', account: event.account };
    case 'requestQr':
      if (state.step !== 'selectRegion' && state.step !== 'qrExpired') return state;
      return event.region ? { step: 'requesting' } : { step: 'selectRegion', regionMissing: true };
    case 'qrReady': {
      if (state.step !== 'requesting') return state;
      const skew = skewOf(event.session, event.now);
      const shown: LoginState = {
        step: 'qrShown',
        session: event.session,
        deadline: deadlineOf(event.session.expiresAt, skew),
        skew,
        scanned: false,
        needsCode: false,
      };
      return loginReducer(shown, { type: 'tick', now: event.now });
    }
    case 'qrError':
      return state.step === 'requesting' ? { step: 'qrFailed', reason: event.reason } : state;
    case 'polled':
      return state.step === 'qrShown' ? fromPoll(state, event.info) : state;
    case 'tick':
      return state.step === 'qrShown' && event.now >= state.deadline ? { step: 'qrExpired' } : state;
    case 'retry':
      return state.step === 'qrFailed' || state.step === 'loginFailed' ? INITIAL_LOGIN_STATE : state;
    case 'initStarted':
      return state.step === 'success' || state.step === 'initFailed' ? initStep(state.account, event.progress) : state;
    case 'initProgress':
      return state.step === 'initialisingContacts' ? initStep(state.account, event.progress) : state;
    case 'initError':
      return state.step === 'success' || state.step === 'initialisingContacts' || state.step === 'initFailed'
        ? { step: 'initFailed', account: state.account, reason: event.reason }
        : state;
  }
}
