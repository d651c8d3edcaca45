// Runs every test and ends with the one line CI reads: `tests: N passed, M failed`.
// The two vitest projects run as two processes at once: the API suite is CPU-bound while the
// browser suite mostly waits on Chromium, so side by side they take little more than the longer
// one (vitest alone runs the projects one after the other). Extra arguments go to both vitest
// processes (e.g. a file filter); a project with no matching file is not an error.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const extra = process.argv.slice(2);
// The browser suite checks screens, and the server behind them is the same code on either
// database; what differs between databases is covered by the API suite, which runs on both. So on
// PostgreSQL only the API suite runs unless E2E_ON_POSTGRES=1 (docs/decisions.md "Test time").
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PROJECTS = onPostgres && process.env.E2E_ON_POSTGRES !== '1' ? ['api'] : ['api', 'e2e'];
if (!PROJECTS.includes('e2e')) {
  console.log(
    '[e2e] not run on PostgreSQL (the browser suite runs on the embedded database; E2E_ON_POSTGRES=1 runs it here too)',
  );
}

/**
 * Workers per project. On the embedded database one worker per project kept the two cores only
 * about half busy (tests wait on browsers, child servers, paced sends and timers), so each runs
 * two; on PostgreSQL the API suite runs alone and mostly waits on the database server, so three.
 * TEST_WORKERS_API / TEST_WORKERS_E2E override (docs/decisions.md "Test time").
 */
function workerArgs(project) {
  const given = process.env[`TEST_WORKERS_${project.toUpperCase()}`];
  const n = Number(given ?? (onPostgres && project === 'api' ? 3 : 2));
  return [`--maxWorkers=${n}`, ...(project === 'e2e' && n > 1 ? ['--fileParallelism'] : [])];
}

/** Runs one project; its output is passed on line by line so two runs never mix within a line. */
function runProject(project) {
  const out = path.resolve(`.tmp/vitest-${project}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { force: true });
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
    // On PostgreSQL the API suite runs alone and mostly waits (on the database server, on paced
    // sends, on child servers starting), so a third worker halves its time on two cores.
    ...workerArgs(project),
    ...extra,
  ];
  return new Promise((resolve) => {
    // Each process hands out test ports from its own range (apps/server/test/child-server.ts).
    const env = { ...process.env, TEST_PORT_BASE: project === 'e2e' ? '24000' : '20000' };
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) sink.write(`[${project}] ${line}\n`);
      });
      stream.on('end', () => {
        if (pending) sink.write(`[${project}] ${pending}\n`);
      });
    }
    child.on('close', (code) => resolve({ project, out, status: code ?? 1 }));
  });
}

/**
 * The first line of a failure, and where in the project's own code it was thrown: a poll that
 * fails on a thrown error can reach the report with vitest's placeholder message only
 * ("Error: STACK_TRACE_ERROR"), and the line of the test file is then all there is to go on.
 */
function failureLine(message) {
  const [first, ...stack] = message.split('\n');
  const own = stack.find((line) => /^\s+at /.test(line) && !line.includes('node_modules'));
  return own ? `${first} (${own.trim().replace(/^at /, '').replace(`${process.cwd()}/`, '')})` : first;
}

/** Counts passed and failed tests of one JSON report, with a line per failure. */
function countReport(run) {
  const counts = { passed: 0, failed: 0, failures: [] };
  let results;
  try {
    results = JSON.parse(readFileSync(run.out, 'utf8'));
  } catch {
    // A filter that matches no file of this project leaves no report and is not a failure.
    if (run.status === 0) return counts;
    counts.failed = 1;
    counts.failures.push(`${run.project}: vitest wrote no report (exit ${run.status})`);
    return counts;
  }
  counts.passed = results.numPassedTests ?? 0;
  counts.failed = results.numFailedTests ?? 0;
  for (const file of results.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '');
    // A file that fails to load, or whose setup fails and so skips every test, has no failed
    // test to count; count it as one failure so it is seen.
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      counts.failed += 1;
      counts.failures.push(`${where}: ${String(file.message ?? 'failed to load').split('\n')[0]}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = failureLine(String(test.failureMessages?.[0] ?? ''));
      counts.failures.push(`${where} > ${test.fullName}: ${why}`);
    }
  }
  // An unhandled error fails the run without failing a test; the count must agree with the exit code.
  if (run.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures.push(`${run.project}: vitest exited with an error outside any test (see "Unhandled errors")`);
  }
  return counts;
}

const runs = await Promise.all(PROJECTS.map(runProject));
const totals = runs.map(countReport).reduce(
  (sum, c) => ({
    passed: sum.passed + c.passed,
    failed: sum.failed + c.failed,
    failures: [...sum.failures, ...c.failures],
  }),
  { passed: 0, failed: 0, failures: [] },
);
// CI shows only the tail of the output, so the failures are repeated right above the count.
if (totals.failures.length > 0) {
  console.log('\nfailed tests:');
  for (const line of totals.failures) console.log(`  ${line.slice(0, 400)}`);
}
const db = onPostgres ? 'postgresql' : 'pglite';
console.log(`\ntests (${db}): ${totals.passed} passed, ${totals.failed} failed`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && runs.every((r) => r.status === 0) ? 0 : 1);
