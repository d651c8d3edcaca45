/**
 * The model's structured "the knowledge does not answer this" (issue 33): told to reply with
 * exactly NO_ANSWER when the knowledge given does not hold the answer, it signals by a token we
 * defined, not by wording we would have to guess at. Such a reply becomes the fallback and the
 * conversation is flagged for a person.
 */
export const NO_ANSWER = 'NO_ANSWER';

/**
 * Passes the model's pieces on as they come, except while they may still be the NO_ANSWER
 * signal: those are held until the text can no longer be it, so a customer never sees the signal.
 */
export class GroundedStream {
  private held = '';
  private passing = false;

  constructor(private readonly onDelta: ((piece: string) => void) | undefined) {}

  push(piece: string): void {
    if (this.passing) {
      this.onDelta?.(piece);
      return;
    }
    this.held += piece;
    const start = this.held.trimStart();
    const mayBeSignal = NO_ANSWER.startsWith(start) || start.startsWith(NO_ANSWER);
    if (mayBeSignal) return;
    this.passing = true;
    this.onDelta?.(this.held);
  }

  /** Whether anything reached the caller. */
  get streamed(): boolean {
    return this.passing;
  }
}

/** Whether a whole reply is the model saying that the knowledge does not answer. */
export function isNoAnswer(content: string): boolean {
  return content.trimStart().startsWith(NO_ANSWER);
}
