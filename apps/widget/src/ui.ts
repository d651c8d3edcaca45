import {
  WIDGET_MESSAGE_MAX,
  WIDGET_POLL_SECONDS,
  type WidgetLanguage,
  type WidgetStart,
} from '@agent-console/contracts/widget-protocol';
import { el } from './dom';
import { format, WIDGET_TEXTS } from './i18n';
import { type IconName, icon } from './icons';
import { AnswerView, answerElement, errorElement, errorText, messageElement, personElement } from './messages';
import { pollReplies } from './replies-poll';
import { WIDGET_CSS } from './styles';
import type { WidgetTransport } from './transport';

export type { WidgetDone, WidgetLanguage, WidgetStart } from '@agent-console/contracts/widget-protocol';
export { type AskHooks, WidgetError, type WidgetErrorKind, type WidgetTransport } from './transport';

export interface MountOptions {
  transport: WidgetTransport;
  lang: WidgetLanguage;
  /** The corner of the launcher; right by default. */
  position?: 'right' | 'left';
  /** Inside a `position: relative` box (the console's preview) rather than over the viewport; never full screen. */
  inline?: boolean;
  /** Opens the panel at once (without taking the page's focus). */
  startOpen?: boolean;
}

export interface WidgetHandle {
  open(): void;
  close(): void;
  /** Takes the widget out of the shadow root and aborts an answer being written. */
  destroy(): void;
}

/** `lang` of the widget's texts, for fonts and screen readers. */
const HTML_LANG: Record<WidgetLanguage, string> = { en: 'en', 'zh-chs': 'zh-Hans', 'zh-cht': 'zh-Hant', ja: 'ja' };
/** The counter shows from this many code points on. */
const COUNTER_FROM = WIDGET_MESSAGE_MAX - 200;

/** Draws the launcher and the chat panel in `root`; every text goes in as text, never as markup. */
export function mountWidget(root: ShadowRoot, options: MountOptions): WidgetHandle {
  const { transport } = options;
  const texts = WIDGET_TEXTS[options.lang] ?? WIDGET_TEXTS.en;

  const launcher = el(
    'button',
    {
      type: 'button',
      class: 'launcher',
      'data-part': 'launcher',
      'aria-label': texts.open,
      'aria-expanded': 'false',
      'aria-controls': 'acw-panel',
    },
    icon('chat'),
  );
  const title = el('h2', { class: 'title', id: 'acw-title', 'data-part': 'title' }, texts.title);
  const closeButton = el(
    'button',
    { type: 'button', class: 'icon-button', 'data-part': 'close', 'aria-label': texts.close },
    icon('close'),
  );
  const log = el('div', { class: 'log', 'data-part': 'log', role: 'log', 'aria-live': 'polite' });
  const input = el('textarea', {
    id: 'acw-input',
    class: 'input',
    'data-part': 'input',
    rows: '1',
    placeholder: texts.inputPlaceholder,
    autocomplete: 'off',
    'aria-describedby': 'acw-hint',
  });
  const sendButton = el(
    'button',
    { type: 'submit', class: 'send', 'data-part': 'send', 'aria-label': texts.send, disabled: true },
    icon('send'),
  );
  const counter = el('span', { 'data-part': 'counter' });
  const hint = el('div', { class: 'hint', id: 'acw-hint', hidden: true }, counter);
  const form = el(
    'form',
    { class: 'composer', novalidate: true },
    el('label', { class: 'sr-only', for: 'acw-input' }, texts.inputLabel),
    el('div', { class: 'field' }, input, sendButton),
    hint,
  );
  const panel = el(
    'div',
    {
      class: 'panel',
      id: 'acw-panel',
      'data-part': 'panel',
      role: 'dialog',
      'aria-modal': 'false',
      'aria-labelledby': 'acw-title',
      hidden: true,
    },
    el('div', { class: 'header' }, title, closeButton),
    log,
    form,
  );
  const container = el(
    'div',
    {
      class: 'root',
      lang: HTML_LANG[options.lang] ?? 'en',
      'data-position': options.position === 'left' ? 'left' : 'right',
      'data-inline': options.inline === true,
    },
    launcher,
    panel,
  );
  const style = el('style', {}, WIDGET_CSS);
  root.append(style, container);

  let starting = false;
  let ready = false;
  let busy = false;
  /** Enter was pressed while the start was still on its way: the question goes once it is ready. */
  let sendWhenReady = false;
  let destroyed = false;
  let controller: AbortController | undefined;
  /** The conversation went to a person: people's replies are asked for while the window is open. */
  let handedOver = false;
  const fetchReplies = transport.replies?.bind(transport);
  const poll = fetchReplies
    ? pollReplies({
        fetch: fetchReplies,
        active: () => ready && handedOver && !panel.hidden && document.visibilityState !== 'hidden',
        onReplies: (replies) => {
          const follow = nearEnd();
          for (const reply of replies) log.append(personElement(reply.text, texts));
          if (follow) scrollToEnd();
        },
        intervalMs: WIDGET_POLL_SECONDS * 1000,
      })
    : undefined;
  let tooLongAlert: HTMLElement | undefined;

  function setLauncher(expanded: boolean): void {
    launcher.setAttribute('aria-expanded', String(expanded));
    launcher.setAttribute('aria-label', expanded ? texts.hide : texts.open);
    const name: IconName = expanded ? 'chevronDown' : 'chat';
    launcher.replaceChildren(icon(name));
  }

  function open(focus = true): void {
    if (destroyed) return;
    panel.hidden = false;
    container.setAttribute('data-open', '');
    setLauncher(true);
    if (!ready && !starting) void begin();
    scrollToEnd();
    if (focus) input.focus();
  }

  function close(): void {
    if (destroyed) return;
    panel.hidden = true;
    container.removeAttribute('data-open');
    setLauncher(false);
  }

  function nearEnd(): boolean {
    return log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  }

  function scrollToEnd(): void {
    log.scrollTop = log.scrollHeight;
  }

  function updateControls(): void {
    sendButton.disabled = !ready || busy || input.value.trim() === '';
  }

  function updateHint(announce = false): void {
    const count = [...input.value.trim()].length;
    const over = count > WIDGET_MESSAGE_MAX;
    hint.hidden = count < COUNTER_FROM;
    counter.textContent = format(texts.counter, { count, max: WIDGET_MESSAGE_MAX });
    if (over) hint.setAttribute('data-over', '');
    else hint.removeAttribute('data-over');
    if (over && (announce || !tooLongAlert)) {
      tooLongAlert?.remove();
      tooLongAlert = el(
        'div',
        { 'data-part': 'too-long', role: 'alert' },
        format(texts.tooLong, { max: WIDGET_MESSAGE_MAX }),
      );
      hint.prepend(tooLongAlert);
    } else if (!over && tooLongAlert) {
      tooLongAlert.remove();
      tooLongAlert = undefined;
    }
  }

  function autosize(): void {
    input.style.height = 'auto';
    if (input.value) input.style.height = `${Math.min(input.scrollHeight + 2, 128)}px`;
  }

  async function begin(): Promise<void> {
    starting = true;
    const loading = el('div', { class: 'status', 'data-part': 'loading' }, texts.loading);
    log.append(loading);
    log.setAttribute('aria-busy', 'true');
    let start: WidgetStart | undefined;
    let failure: unknown;
    try {
      start = await transport.start();
    } catch (error) {
      failure = error;
    }
    if (destroyed) return;
    starting = false;
    loading.remove();
    log.removeAttribute('aria-busy');
    if (!start) {
      const alert = errorElement(errorText(failure, texts), {
        label: texts.tryAgain,
        onClick: () => {
          alert.remove();
          void begin();
          input.focus();
        },
      });
      log.append(alert);
      return;
    }
    title.textContent = start.name || texts.title;
    for (const text of start.welcome) if (text) log.append(messageElement('welcome', text));
    const repliesAfter = (n: number) => start.replies.filter((reply) => reply.afterTurn === n);
    for (const reply of repliesAfter(0)) log.append(personElement(reply.text, texts));
    start.turns.forEach((turn, i) => {
      log.append(messageElement('visitor', turn.question), answerElement(turn.answer, turn, texts));
      for (const reply of repliesAfter(i + 1)) log.append(personElement(reply.text, texts));
    });
    // Replies placed past the turns shown (none should be) still show, at the end.
    for (const reply of start.replies.filter((r) => r.afterTurn > start.turns.length)) {
      log.append(personElement(reply.text, texts));
    }
    handedOver = start.turns.some((turn) => turn.needsPerson) || start.replies.length > 0;
    for (const reply of start.replies) poll?.seen(reply.id);
    ready = true;
    updateControls();
    scrollToEnd();
    if (sendWhenReady) {
      sendWhenReady = false;
      void send();
    }
  }

  async function send(): Promise<void> {
    const message = input.value.trim();
    if (!ready && starting && message) sendWhenReady = true;
    if (!ready || busy || !message) return;
    if ([...message].length > WIDGET_MESSAGE_MAX) {
      const follow = nearEnd();
      updateHint(true);
      if (follow) scrollToEnd();
      return;
    }
    input.value = '';
    autosize();
    updateHint();
    const answer = new AnswerView(texts);
    log.append(messageElement('visitor', message), answer.element);
    scrollToEnd();
    busy = true;
    updateControls();
    if (!panel.hidden) input.focus();
    const current = new AbortController();
    controller = current;
    try {
      const done = await transport.ask(message, {
        onDelta: (text) => {
          if (destroyed) return;
          const follow = nearEnd();
          answer.append(text);
          if (follow) scrollToEnd();
        },
        signal: current.signal,
      });
      if (destroyed) return;
      const follow = nearEnd();
      answer.finish(done, texts);
      if (done.needsPerson) handedOver = true;
      if (follow) scrollToEnd();
    } catch (error) {
      if (destroyed) return;
      if (answer.hasText) answer.stop();
      else answer.element.remove();
      log.append(errorElement(errorText(error, texts)));
      scrollToEnd();
    } finally {
      controller = undefined;
      busy = false;
      if (!destroyed) updateControls();
    }
  }

  launcher.addEventListener('click', () => (panel.hidden ? open() : close()));
  closeButton.addEventListener('click', () => {
    close();
    launcher.focus();
  });
  container.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing || panel.hidden) return;
    event.preventDefault();
    event.stopPropagation();
    close();
    launcher.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  input.addEventListener('keydown', (event) => {
    // Enter also confirms a word being composed (Chinese, Japanese input methods): not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void send();
  });
  input.addEventListener('input', () => {
    // A taller input or a hint shortens the log: its end stays in view.
    const follow = nearEnd();
    autosize();
    updateControls();
    updateHint();
    if (follow) scrollToEnd();
  });

  if (options.startOpen) open(false);

  return {
    open: () => open(),
    close,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      controller?.abort();
      poll?.stop();
      container.remove();
      style.remove();
    },
  };
}
