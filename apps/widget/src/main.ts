import { WIDGET_SCRIPT_PATH } from '@agent-console/contracts/widget-protocol';
import { createHttpTransport } from './http-transport';
import { pickLanguage } from './language';
import { mountWidget } from './ui';

/**
 * The script a web page loads: `<script src="http://host:port/widget.js" data-key="wk_…" async>`,
 * with `data-lang` and `data-position` if the page likes. Draws the widget in a shadow root on
 * one element of its own, and talks to the origin it was loaded from. Defines no globals.
 */

const HOST_ATTRIBUTE = 'data-agent-console-widget';

function ownScript(): HTMLScriptElement | undefined {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.key) return current;
  const scripts = document.querySelectorAll<HTMLScriptElement>(
    `script[data-key][src*="${WIDGET_SCRIPT_PATH.slice(1)}"]`,
  );
  return scripts[scripts.length - 1];
}

function mount(script: HTMLScriptElement, key: string): void {
  for (const host of document.querySelectorAll(`[${HOST_ATTRIBUTE}]`)) {
    if (host.getAttribute('data-key') === key) return; // Loaded twice: one widget is enough.
  }
  let base: string;
  try {
    base = new URL(script.src, document.baseURI).origin;
  } catch {
    console.warn('Agent Console widget: cannot read the address of its script');
    return;
  }
  const host = document.createElement('div');
  host.setAttribute(HOST_ATTRIBUTE, '');
  host.setAttribute('data-key', key);
  const root = host.attachShadow({ mode: 'open' });
  document.body.appendChild(host);
  const position = script.dataset.position?.trim().toLowerCase() === 'left' ? 'left' : 'right';
  mountWidget(root, {
    transport: createHttpTransport(base, key),
    lang: pickLanguage(script.dataset.lang, navigator.languages?.length ? navigator.languages : [navigator.language]),
    position,
  });
}

function run(): void {
  const script = ownScript();
  const key = script?.dataset.key?.trim();
  if (!script || !key) {
    console.warn('Agent Console widget: the script tag needs a data-key attribute');
    return;
  }
  if (document.body) mount(script, key);
  else document.addEventListener('DOMContentLoaded', () => mount(script, key), { once: true });
}

run();
