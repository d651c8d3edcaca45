import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The contracts package declares zod schemas next to the constants the web uses. The web
      // validates with antd rules and never parses with zod, so marking zod and every contracts
      // declaration pure lets the bundler drop each unused schema, and zod itself (about 90 KB gzip).
      treeshake: { manualPureFunctions: ['z', ...contractsDeclarations()] },
    },
  },
});

/** Every top-level name the contracts package declares (schemas, schema helpers, functions), and
 * the nested zod namespaces it calls. */
function contractsDeclarations(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../packages/contracts/src');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const match of source.matchAll(/^(?:export )?(?:const|function) ([A-Za-z_$][\w$]*)/gm)) {
      if (match[1]) names.add(match[1]);
    }
    // Nested namespaces such as `z.coerce.number` are matched by their full path only.
    for (const match of source.matchAll(/\bz\.[a-z]+\.[A-Za-z]+(?=\()/g)) names.add(match[0]);
  }
  return [...names];
}
