import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { WIDGET_BUNDLE_MAX_GZIP } from '@agent-console/contracts/widget-protocol';
import { describe, expect, it } from 'vitest';
import { bundleWidget } from '../bundle.mjs';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

describe('the widget bundle', () => {
  it('is small, zod-free, and writes no markup', async () => {
    const { code } = await bundleWidget({ write: false });
    const gzip = gzipSync(code).length;
    console.info(`widget.js: ${code.length} bytes, ${gzip} bytes gzip (limit ${WIDGET_BUNDLE_MAX_GZIP})`);
    expect(gzip).toBeLessThanOrEqual(WIDGET_BUNDLE_MAX_GZIP);
    expect(code).not.toContain('ZodError');
    expect(code).not.toMatch(/\bzod\b/i);
    expect(code).not.toContain('innerHTML');
    expect(code).not.toContain('outerHTML');
    expect(code).not.toContain('insertAdjacentHTML');
    // An IIFE: nothing is left on the page's window.
    expect(code.trimStart()).toMatch(/^("use strict";)?\(\(\)=>\{/);
  });

  it('builds its DOM without markup strings', () => {
    const sources = readdirSync(srcDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(sources).toContain('ui.ts');
    for (const name of sources) {
      const text = readFileSync(path.join(srcDir, name), 'utf8');
      expect(text, name).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
  });
});
