import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Where the widget's build puts its bundle, from the repository's root (apps/widget/build.mjs). */
const BUNDLE = path.join('apps', 'widget', 'dist', 'widget.js');

export interface WidgetBundle {
  plain: Buffer;
  gzip: Buffer;
  /** Changes with the content, for conditional requests. */
  etag: string;
}

/**
 * The repository's root: the nearest folder above this module (in src/ or bundled in dist/)
 * that holds the widget's folder.
 */
function bundlePath(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, BUNDLE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

let loaded: Promise<WidgetBundle | null> | undefined;

/**
 * The website widget's script as every app serves it, read once and kept with its gzip form;
 * null when the widget was not built (`npm run build` builds it), and read again on the next call.
 */
export function widgetBundle(): Promise<WidgetBundle | null> {
  loaded ??= (async () => {
    const file = bundlePath();
    if (!file) return null;
    const plain = await readFile(file);
    const gzip = gzipSync(plain, { level: 9 });
    const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 16)}"`;
    return { plain, gzip, etag };
  })().then((bundle) => {
    if (!bundle) loaded = undefined;
    return bundle;
  });
  return loaded;
}
