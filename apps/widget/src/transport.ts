import type { WidgetDone, WidgetErrorCode, WidgetReply, WidgetStart } from '@agent-console/contracts/widget-protocol';

/** What went wrong: a refusal's code, the network, or the server (a broken stream, an unknown answer). */
export type WidgetErrorKind = WidgetErrorCode | 'network' | 'server_error';

/** Why a start or a question failed; the UI shows `code` in the visitor's language. */
export class WidgetError extends Error {
  readonly code: WidgetErrorKind;
  /** For `rate_limited`: when the visitor may ask again. */
  readonly retryAfterSeconds?: number;

  constructor(code: WidgetErrorKind, message?: string, retryAfterSeconds?: number) {
    super(message || code);
    this.name = 'WidgetError';
    this.code = code;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface AskHooks {
  /** One more piece of the answer, in order. */
  onDelta(text: string): void;
  /** Aborts the question (the widget is taken off the page). */
  signal: AbortSignal;
}

/**
 * How the widget's UI talks to an agent: over HTTP on a web page (http-transport.ts), or however
 * the console's preview likes. Both reject with WidgetError (or an AbortError once aborted).
 */
export interface WidgetTransport {
  /** The app's name and welcome, and the visitor's conversation so far. */
  start(): Promise<WidgetStart>;
  /** Asks one question; the answer's text arrives through `hooks.onDelta`, then its sources. */
  ask(message: string, hooks: AskHooks): Promise<WidgetDone>;
  /**
   * What people wrote to the visitor after the reply with id `after`; asked while the
   * conversation waits for a person. A transport without it (the console's preview) has none.
   */
  replies?(after: number): Promise<WidgetReply[]>;
}
