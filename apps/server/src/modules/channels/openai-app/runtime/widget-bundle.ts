import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
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

/** The built bundle, found from this module upwards (it runs from src/ or bundled in dist/). */
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

let cached: { file: string; mtimeMs: number; bundle: WidgetBundle } | undefined;

/**
 * The website widget's script as every app serves it, with its gzip form: read again only when
 * the file changed (a new build, or `npm run dev` rebuilding it); null when the widget was not
 * built (`npm run build` builds it).
 */
export async function widgetBundle(): Promise<WidgetBundle | null> {
  const file = bundlePath();
  if (!file) return null;
  const { mtimeMs } = await stat(file);
  if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.bundle;
  const plain = await readFile(file);
  const gzip = gzipSync(plain, { level: 9 });
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 16)}"`;
  cached = { file, mtimeMs, bundle: { plain, gzip, etag } };
  return cached.bundle;
}
