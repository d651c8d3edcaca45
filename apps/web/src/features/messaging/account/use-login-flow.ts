import type { ChatAccount } from '@agent-console/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../platform/api/client';
import { chatAccountApi, chatAccountKeys } from '../../../platform/resources/chat-account';
import { useContactInit } from '../../../platform/resources/chat-address';
import { INITIAL_LOGIN_STATE, loginReducer, secondsLeft } from './login-machine';

/** Pause between two login-state polls; each poll waits for the previous answer first. */
const POLL_GAP_MS = 1500;
/** Polls that fail one after another (network, gateway) before the login counts as failed. */
const POLL_FAILURES_MAX = 3;

const reasonOf = (err: unknown): string | null => (err instanceof Error && err.message ? err.message : null);

export interface LoginFlowOptions {
  open: boolean;
  /** Log this account in again (passes its previous wcId), or initialise its contacts. */
  account: ChatAccount | null;
  mode: 'login' | 'init';
}

/**
 * Drives the login dialog's state machine (login-machine.ts) with the calls: the QR code, the
 * polling of `getLoginInfo` while the code is shown (stopped as soon as the dialog closes or the
 * state moves on), the countdown's clock, and the contact initialisation after success.
 */
export function useLoginFlow({ open, account, mode }: LoginFlowOptions) {
  const client = useQueryClient();
  const [state, dispatch] = useReducer(loginReducer, INITIAL_LOGIN_STATE);
  const [region, setRegion] = useState<number | undefined>(undefined);
  const [customerId, setCustomerId] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  const code = useRef<string | undefined>(undefined);
  // Answers of calls made before the dialog closed or restarted are dropped.
  const generation = useRef(0);

  const accountId = 'account' in state ? state.account.id : undefined;
  const init = useContactInit(accountId);

  // Opening starts afresh: at the region (a re-login proposes the account's own), or, to initialise
  // an account's contacts, straight at the initialisation.
  useEffect(() => {
    if (!open) return;
    generation.current += 1;
    code.current = undefined;
    setCustomerId(undefined);
    setRegion(account?.region ?? undefined);
    dispatch(mode === 'init' && account ? { type: 'initAccount', account } : { type: 'reset' });
    // Closing drops whatever was under way: the login-state polling and the countdown stop with
    // the state they belong to, and late answers are ignored. The gateway's QR code simply expires.
    return () => {
      generation.current += 1;
      dispatch({ type: 'reset' });
    };
  }, [open, account, mode]);

  const requestQr = useCallback(async () => {
    dispatch({ type: 'requestQr', region });
    if (!region) return;
    const mine = generation.current;
    code.current = undefined;
    try {
      const session = await chatAccountApi.login({ region, accountId: account?.id, customerId });
      if (mine === generation.current) dispatch({ type: 'qrReady', session, now: Date.now() });
    } catch (err) {
      if (mine === generation.current) dispatch({ type: 'qrError', reason: reasonOf(err) });
    }
  }, [region, account, customerId]);

  // Polls the login state while the QR code is shown; the cleanup stops it.
  const sessionId = state.step === 'qrShown' ? state.session.loginSessionId : null;
  useEffect(() => {
    if (!sessionId) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const poll = async () => {
      try {
        const info = await chatAccountApi.loginInfo(sessionId, code.current, abort.signal);
        failures = 0;
        if (abort.signal.aborted) return;
        dispatch({ type: 'polled', info });
        if (info.status === 'confirmed') void client.invalidateQueries({ queryKey: chatAccountKeys.all });
      } catch (err) {
        if (abort.signal.aborted) return;
        failures += 1;
        // A refusal of the session itself (unknown, ended) will not get better by asking again.
        const final = err instanceof ApiError && err.code.startsWith('A');
        if (final || failures >= POLL_FAILURES_MAX) {
          dispatch({ type: 'polled', info: { status: 'failed', expiresAt: '', reason: reasonOf(err) ?? '' } });
          return;
        }
      }
      timer = setTimeout(() => void poll(), POLL_GAP_MS);
    };
    void poll();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [sessionId, client]);

  // The countdown's clock, while there is a countdown.
  const counting = state.step === 'qrShown';
  useEffect(() => {
    if (!counting) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'tick', now: at });
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [counting]);

  const startInit = useCallback(async () => {
    if (!accountId) return;
    const mine = generation.current;
    try {
      const progress = await init.start.mutateAsync(accountId);
      if (mine === generation.current) dispatch({ type: 'initStarted', progress });
    } catch (err) {
      if (mine === generation.current) dispatch({ type: 'initError', reason: reasonOf(err) });
    }
  }, [accountId, init.start]);

  // Success leads straight on to the contact initialisation (WAVE2 §1.3 "automatic").
  const succeeded = state.step === 'success';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per success, not per render of startInit
  useEffect(() => {
    if (succeeded) void startInit();
  }, [succeeded]);

  // The initialisation's progress, as its poll brings it.
  const progress = init.progress.data;
  useEffect(() => {
    if (state.step === 'initialisingContacts' && progress) dispatch({ type: 'initProgress', progress });
  }, [state.step, progress]);

  return {
    state,
    region,
    setRegion,
    customerId,
    setCustomerId,
    secondsLeft: secondsLeft(state, now),
    requestQr,
    retry: () => dispatch({ type: 'retry' }),
    retryInit: startInit,
    initStarting: init.start.isPending,
    submitCode: (value: string) => {
      code.current = value.trim() || undefined;
    },
  };
}
