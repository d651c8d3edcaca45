/**
 * A paste into a limited field is cut to its limit by whatever enforces it: the browser's
 * `maxlength`, or an antd counter that trims the text (`count.exceedFormatter`). Either way the
 * cut is silent, so a person may save half a sentence (or sign in with half a password) without
 * knowing. One listener on the document notices every such cut, whatever the field and however it
 * is limited: it compares what the field holds after the paste with what a whole paste would have
 * given.
 */

/** Characters as people count them (and as the server does): "字" and "😀" are one each. */
const characters = (text: string) => Array.from(text).length;

export interface PasteState {
  before: string;
  start: number;
  end: number;
  pasted: string;
}

/**
 * How many characters of a paste were left out (0 when none): the field holds the whole text cut
 * at its end (a counter that trims), or the paste cut short between what was before and after the
 * caret (the browser's `maxlength`). Any other change (a field that formats what it is given) is
 * not a cut.
 */
export function charactersCut({ before, start, end, pasted }: PasteState, after: string): number {
  const head = before.slice(0, start);
  const tail = before.slice(end);
  const whole = `${head}${pasted}${tail}`;
  if (after.length >= whole.length) return 0;
  if (whole.startsWith(after)) return characters(whole) - characters(after);
  if (after.startsWith(head) && after.endsWith(tail) && after.length >= head.length + tail.length) {
    const kept = after.slice(head.length, after.length - tail.length);
    if (pasted.startsWith(kept)) return characters(pasted) - characters(kept);
  }
  return 0;
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', '']);

function textField(target: EventTarget | null): TextField | null {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type)) return target;
  return null;
}

/**
 * Listens for pastes on the whole document and calls `onCut` with the number of characters a
 * limited field left out; returns the function that stops listening.
 */
export function watchPasteLimits(onCut: (cut: number, field: TextField) => void): () => void {
  const listener = (event: ClipboardEvent) => {
    const field = textField(event.target);
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    if (!field || !pasted || field.readOnly || field.disabled) return;
    const state: PasteState = {
      before: field.value,
      start: field.selectionStart ?? field.value.length,
      end: field.selectionEnd ?? field.value.length,
      pasted,
    };
    // The browser inserts the text after this event and the field's change handlers run at once;
    // what the field holds is final once this task is over.
    setTimeout(() => {
      const cut = charactersCut(state, field.value);
      if (cut > 0) onCut(cut, field);
    }, 0);
  };
  document.addEventListener('paste', listener, true);
  return () => document.removeEventListener('paste', listener, true);
}
