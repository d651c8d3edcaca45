import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { databaseUrlWithName, prepareFreshDatabase, withAdminClient } from './test-database';

/** Migrates and seeds one database per run; test files copy it (see test-database.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `ac_tpl_${process.pid}`;
    await withAdminClient(url, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${template}`);
    });
    const database = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(url, template), poolSize: 2 });
    await prepareFreshDatabase(database);
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', url, template });
    return async () => {
      await withAdminClient(url, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ac-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await prepareFreshDatabase(database);
  if (!database.dump) throw new Error('PGlite database cannot be dumped');
  const dump = await database.dump();
  await database.close();
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, dump);
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
