import { WIDGET_FULL_SCREEN_BELOW_PX } from '@agent-console/contracts/widget-protocol';

/**
 * The widget's style sheet, inside its shadow root: nothing reaches the page, and `all: initial`
 * on the host keeps the page's inherited styles out. Sizes are in px (rem follows the page's root).
 * Colours pass WCAG AA: #0b57d0 on white 6.3:1, #1f2328 on #f0f2f5 14:1, #59636e on white 6:1.
 */
const FULL_SCREEN_MAX = WIDGET_FULL_SCREEN_BELOW_PX - 0.02;

export const WIDGET_CSS = `
:host { all: initial; }
.root {
  --accent: #0b57d0; --accent-dark: #0842a0; --text: #1f2328; --muted: #59636e;
  --agent-bg: #f0f2f5; --border: #d8dee4; --danger: #b3261e; --danger-bg: #fdecea;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
    "PingFang SC", "Hiragino Sans", "Microsoft YaHei", sans-serif;
  font-size: 15px; line-height: 1.5; color: var(--text); text-align: left;
  -webkit-font-smoothing: antialiased;
}
.root *, .root *::before, .root *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
button, textarea { font: inherit; color: inherit; }
button { cursor: pointer; }
:focus { outline: none; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.launcher, .panel { position: fixed; z-index: 2147483000; }
.root[data-inline] .launcher, .root[data-inline] .panel { position: absolute; }
.launcher {
  bottom: 20px; right: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0; padding: 0;
  display: flex; align-items: center; justify-content: center; background: var(--accent); color: #fff;
  box-shadow: 0 6px 20px rgba(15, 23, 42, 0.24); transition: transform 0.15s ease, background 0.15s ease;
}
.launcher:hover { background: var(--accent-dark); transform: scale(1.05); }
.launcher:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
.launcher svg { width: 28px; height: 28px; }
.root[data-position="left"] .launcher { right: auto; left: 20px; }
.panel {
  bottom: 88px; right: 20px; width: 380px; height: 560px;
  max-width: calc(100vw - 40px); max-height: calc(100vh - 108px);
  display: flex; flex-direction: column; overflow: hidden; background: #fff;
  border-radius: 16px; border: 1px solid var(--border);
  box-shadow: 0 12px 40px rgba(15, 23, 42, 0.2); animation: acw-in 0.18s ease-out;
}
.root[data-position="left"] .panel { right: auto; left: 20px; }
.root[data-inline] .panel { max-width: calc(100% - 40px); max-height: calc(100% - 108px); }
@keyframes acw-in { from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; } }
@keyframes acw-fade { from { opacity: 0; } to { opacity: 1; } }
.header {
  display: flex; align-items: center; gap: 8px; padding: 12px 8px 12px 16px;
  background: var(--accent); color: #fff; flex: none;
}
.title {
  flex: 1; margin: 0; font-size: 16px; font-weight: 600; line-height: 1.4;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.icon-button {
  width: 36px; height: 36px; border: 0; border-radius: 8px; padding: 0; background: transparent;
  display: flex; align-items: center; justify-content: center;
}
.header .icon-button { color: #fff; }
.header .icon-button:hover { background: rgba(255, 255, 255, 0.16); }
.header .icon-button:focus-visible { outline-color: #fff; outline-offset: -4px; }
.icon-button svg { width: 20px; height: 20px; }
.log {
  flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 10px;
  overscroll-behavior: contain;
}
.msg {
  max-width: 85%; padding: 9px 13px; border-radius: 14px; white-space: pre-wrap;
  overflow-wrap: anywhere; word-break: normal;
}
.msg[data-role="visitor"] { align-self: flex-end; background: var(--accent); color: #fff; border-bottom-right-radius: 4px; }
.msg[data-role="agent"], .msg[data-role="welcome"], .msg[data-role="person"] {
  align-self: flex-start; background: var(--agent-bg); border-bottom-left-radius: 4px;
}
.msg[data-role="person"] { border-left: 3px solid var(--accent); }
.typing { display: inline-flex; align-items: center; gap: 8px; color: var(--muted); }
.dots { display: inline-flex; gap: 3px; }
.dots i { width: 6px; height: 6px; border-radius: 50%; background: var(--muted); animation: acw-dot 1.2s infinite ease-in-out; }
.dots i:nth-child(2) { animation-delay: 0.15s; }
.dots i:nth-child(3) { animation-delay: 0.3s; }
@keyframes acw-dot { 0%, 80%, 100% { opacity: 0.3; transform: none; } 40% { opacity: 1; transform: translateY(-2px); } }
.meta { margin-top: 8px; padding-top: 8px; border-top: 1px solid var(--border); font-size: 13px; white-space: normal; }
.meta-label { display: block; color: var(--muted); font-weight: 600; margin-bottom: 2px; }
.meta ul { margin: 0; padding-left: 18px; }
.meta li { margin: 2px 0; }
.needs-person { margin-top: 8px; font-size: 13px; color: var(--muted); white-space: normal; }
.status { align-self: center; color: var(--muted); font-size: 14px; padding: 8px; }
.error {
  align-self: stretch; padding: 9px 12px; border-radius: 10px; background: var(--danger-bg); color: var(--danger);
  font-size: 14px; display: flex; align-items: center; gap: 10px; flex-wrap: wrap;
}
.error span { flex: 1 1 180px; }
.retry {
  border: 1px solid var(--danger); background: #fff; color: var(--danger); border-radius: 8px; padding: 4px 12px;
}
.retry:hover { background: var(--danger-bg); }
.composer { flex: none; border-top: 1px solid var(--border); padding: 10px 12px 12px; background: #fff; }
.field { display: flex; align-items: flex-end; gap: 8px; }
.input {
  flex: 1; min-height: 42px; max-height: 128px; resize: none; padding: 9px 12px; line-height: 22px;
  border: 1px solid #8c959f; border-radius: 10px; background: #fff; font-size: 15px; overflow-y: auto;
}
.input::placeholder { color: #6e7781; opacity: 1; }
.input:focus-visible { outline-offset: 0; border-color: var(--accent); }
.send {
  flex: none; width: 42px; height: 42px; border: 0; border-radius: 10px; background: var(--accent); color: #fff;
}
.send:hover:not(:disabled) { background: var(--accent-dark); }
.send:disabled { background: #c9d1d9; color: #57606a; cursor: not-allowed; }
.hint { margin: 6px 2px 0; font-size: 12px; color: var(--muted); text-align: right; }
.hint[data-over] { color: var(--danger); text-align: left; }
@media (max-width: ${FULL_SCREEN_MAX}px) {
  .root:not([data-inline]) .panel {
    inset: 0; width: auto; height: auto; max-width: none; max-height: none; border-radius: 0; border: 0;
    animation-name: acw-fade;
  }
  .root:not([data-inline]) .input { font-size: 16px; }
}
@media (prefers-reduced-motion: reduce) {
  .launcher, .panel, .dots i { transition: none !important; animation: none !important; }
  .launcher:hover { transform: none; }
}
`;
