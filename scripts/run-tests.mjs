// Runs every test (vitest projects `api` and `e2e`) and ends with the one line CI reads:
// `tests: N passed, M failed`. Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('.tmp/vitest-results.json');
mkdirSync(path.dirname(out), { recursive: true });
rmSync(out, { force: true });

const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed = 0;
const failures = [];
try {
  const results = JSON.parse(readFileSync(out, 'utf8'));
  passed = results.numPassedTests ?? 0;
  failed = (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
  // A file that fails to load has no tests to count; count it as one failure so it is seen.
  for (const file of results.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '');
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failed += 1;
      failures.push(`${where}: ${String(file.message ?? 'failed to load').split('\n')[0]}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = String(test.failureMessages?.[0] ?? '').split('\n')[0];
      failures.push(`${where} > ${test.fullName}: ${why}`);
    }
  }
} catch {
  failed = Math.max(failed, 1);
}
// CI shows only the tail of the output, so the failures are repeated right above the count.
if (failures.length > 0) {
  console.log('\nfailed tests:');
  for (const line of failures) console.log(`  ${line.slice(0, 400)}`);
}
const db = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
console.log(`\ntests (${db}): ${passed} passed, ${failed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
