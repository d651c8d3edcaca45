import type { WidgetDone, WidgetSource } from '@agent-console/contracts/widget-protocol';
import { el } from './dom';
import { format, type WidgetTexts } from './i18n';
import type { WidgetError } from './transport';

/** A message of the conversation: the visitor's, the agent's, or one of the app's welcome. */
export function messageElement(role: 'visitor' | 'agent' | 'welcome', text: string): HTMLDivElement {
  return el(
    'div',
    { class: 'msg', 'data-part': 'message', 'data-role': role },
    el('div', { 'data-part': 'text' }, text),
  );
}

/** What a person of the business wrote to the visitor, marked as theirs. */
export function personElement(text: string, texts: WidgetTexts): HTMLDivElement {
  return el(
    'div',
    { class: 'msg', 'data-part': 'message', 'data-role': 'person' },
    el('div', { class: 'meta-label', 'data-part': 'person-label' }, texts.person),
    el('div', { 'data-part': 'text' }, text),
  );
}

/** An answer being written: "Answering…" until its first piece, busy until done. */
export class AnswerView {
  readonly element: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private readonly typing: HTMLDivElement;
  private text: Text | undefined;

  constructor(texts: WidgetTexts) {
    this.typing = el(
      'div',
      { class: 'typing', 'data-part': 'typing' },
      el('span', { class: 'dots', 'aria-hidden': 'true' }, el('i'), el('i'), el('i')),
      el('span', {}, texts.answering),
    );
    this.body = el('div', { 'data-part': 'text' }, this.typing);
    this.element = el(
      'div',
      { class: 'msg', 'data-part': 'message', 'data-role': 'agent', 'aria-busy': 'true' },
      this.body,
    );
  }

  get hasText(): boolean {
    return this.text !== undefined;
  }

  append(piece: string): void {
    if (!this.text) {
      this.text = document.createTextNode('');
      this.body.replaceChildren(this.text);
    }
    this.text.data += piece;
  }

  /** The answer is complete: its sources and the needs-a-person note follow it. */
  finish(done: WidgetDone, texts: WidgetTexts): void {
    if (!this.text) this.body.replaceChildren();
    appendDetails(this.element, done, texts);
    this.element.removeAttribute('aria-busy');
  }

  /** The answer broke off after it had begun: what came stays. */
  stop(): void {
    this.typing.remove();
    this.element.removeAttribute('aria-busy');
  }
}

/** A finished answer, as a start gives it. */
export function answerElement(answer: string, done: WidgetDone, texts: WidgetTexts): HTMLDivElement {
  const element = messageElement('agent', answer);
  appendDetails(element, done, texts);
  return element;
}

function appendDetails(message: HTMLElement, done: WidgetDone, texts: WidgetTexts): void {
  const sources = uniqueSources(done.sources);
  if (sources.length > 0) {
    message.append(
      // The label belongs to the part: "Sources" reads with the titles.
      el(
        'div',
        { class: 'meta', 'data-part': 'sources' },
        el('span', { class: 'meta-label', 'aria-hidden': 'true' }, texts.sources),
        el(
          'ul',
          { 'aria-label': texts.sources },
          ...sources.map((source) => el('li', { 'data-part': 'source', 'data-kind': source.kind }, source.title)),
        ),
      ),
    );
  }
  if (done.needsPerson)
    message.append(el('div', { class: 'needs-person', 'data-part': 'needs-person' }, texts.needsPerson));
}

function uniqueSources(sources: WidgetSource[]): WidgetSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.kind}\n${source.title}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The visitor's words for what went wrong. */
export function errorText(error: unknown, texts: WidgetTexts): string {
  // By shape rather than instanceof: a preview's transport may hold its own copy of WidgetError.
  const { code, retryAfterSeconds } = (error ?? {}) as Partial<WidgetError>;
  if (code === 'rate_limited') return format(texts.errors.rate_limited, { n: retryAfterSeconds ?? 60 });
  const known = code !== undefined && Object.hasOwn(texts.errors, code);
  return (known && texts.errors[code]) || texts.errors.server_error;
}

/** An alert line in the conversation, with a button when the visitor can try again. */
export function errorElement(message: string, retry?: { label: string; onClick(): void }): HTMLDivElement {
  const element = el('div', { class: 'error', 'data-part': 'error', role: 'alert' }, el('span', {}, message));
  if (retry) {
    const button = el('button', { type: 'button', class: 'retry', 'data-part': 'retry' }, retry.label);
    button.addEventListener('click', retry.onClick);
    element.append(button);
  }
  return element;
}
