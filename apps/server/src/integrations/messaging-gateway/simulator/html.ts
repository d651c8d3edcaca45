/**
 * The simulator's pages are server-rendered HTML with plain forms: the console's CSP allows no
 * inline script, and these pages need none. Every value from outside goes through `esc`; the
 * templates are tagged so that forgetting it is visible (`html` escapes interpolations unless
 * they are already `Html`).
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return esc(part);
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    out += render(part) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#eef1f5;color:#1f2329}
main{max-width:520px;margin:24px auto;background:#fff;border-radius:14px;padding:20px 22px;box-shadow:0 2px 12px #0001}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:20px 0 8px}
.muted{color:#646a73;font-size:13px}.state{display:inline-block;padding:2px 10px;border-radius:10px;background:#e8f3ff;color:#1664ff}
.bad{background:#ffece8;color:#d83931}.good{background:#e8ffea;color:#2ba471}
form{margin:10px 0}label{display:block;margin:8px 0 4px;font-size:14px}
select,input,textarea{width:100%;box-sizing:border-box;padding:8px;border:1px solid #d0d3d6;border-radius:8px;font:inherit}
button{padding:9px 16px;border:0;border-radius:8px;background:#1664ff;color:#fff;font:inherit;cursor:pointer;margin:6px 6px 0 0}
button.secondary{background:#f2f3f5;color:#1f2329}button.danger{background:#d83931}
.msg{margin:6px 0;padding:8px 10px;border-radius:10px;max-width:85%}.in{background:#f2f3f5}
.out{background:#95ec69;margin-left:auto}.refused{background:#ffece8}.row{display:flex}
.error{background:#ffece8;color:#d83931;padding:8px 10px;border-radius:8px}
a{color:#1664ff}ul{padding-left:18px}
`;

export function page(title: string, body: Html, opts: { refreshSeconds?: number } = {}): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${opts.refreshSeconds ? new Html(`<meta http-equiv="refresh" content="${Math.max(1, Math.round(opts.refreshSeconds))}">`) : ''}
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${title}</title><style>${new Html(STYLE)}</style></head>
<body><main>${body}</main></body></html>`.text;
}

export function errorBox(message: string | undefined): Html | '' {
  return message ? html`<p class="error">${message}</p>` : '';
}
