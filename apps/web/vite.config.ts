import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signInEntryGuard } from './entry-guard';
import { contractsDeclarations } from './pure-names';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), signInEntryGuard()],
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
