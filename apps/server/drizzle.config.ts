import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each feature's own (`<feature>.schema.ts` in its folder).
  schema: ['./apps/server/src/db/schema/index.ts', './apps/server/src/modules/**/*.schema.ts'],
  out: './apps/server/src/db/migrations',
});
