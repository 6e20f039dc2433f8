// `npm test`: every suite. Unit + API tests on the embedded database; the API tests again on
// PostgreSQL when DATABASE_URL is set; then the browser e2e. Ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeSizing } from './test-sizing.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = [];
const timings = [];

// The machine factor is measured once, before any suite loads the machine, and every suite inherits
// it (TEST_MACHINE_FACTOR): their timeouts are the benchmark machine's times this factor.
console.log(`=== test sizing: ${describeSizing()} ===`);

function vitest(label, args, env) {
  const out = path.join(tmp, `${label}.json`);
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  timings.push([label, Date.now() - started]);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  if (res.status !== 0) failedSuites.push(label);
}

const embeddedEnv = { ...process.env };
delete embeddedEnv.TEST_DATABASE_URL;
vitest('unit and API tests (embedded database)', [], embeddedEnv);

if (process.env.DATABASE_URL) {
  vitest('API tests (PostgreSQL)', ['--project', 'server'], {
    ...process.env,
    TEST_DATABASE_URL: process.env.DATABASE_URL,
  });
}

if (process.env.SKIP_E2E !== '1') {
  console.log('\n=== browser e2e (Chromium) ===');
  const report = path.join(tmp, 'e2e.json');
  const started = Date.now();
  const res = spawnSync(process.execPath, ['scripts/e2e.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  timings.push(['browser e2e', Date.now() - started]);
  if (fs.existsSync(report)) {
    const s = JSON.parse(fs.readFileSync(report, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
  }
  if (res.status !== 0) failedSuites.push('e2e');
}

fs.rmSync(tmp, { recursive: true, force: true });
// Per-suite wall times, so a slow machine's run shows where the minutes went (docs/testing.md).
console.log('\nsuite times:');
for (const [label, ms] of timings) console.log(`  ${label}: ${(ms / 1000).toFixed(0)} s`);
if (failedSuites.length) console.log(`\nFailed: ${failedSuites.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
