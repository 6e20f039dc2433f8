// How the test suites size themselves to the machine they run on (issue 31). The fixed timeouts in
// the configs and specs were chosen on the benchmark machine; on a machine whose cores are slower, or
// busy with other work, every wait takes longer by about the same factor, so they are multiplied by
// a machine factor measured once per `npm test` and handed to the child processes in the environment.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

/** scripts/machine-speed.mjs on the benchmark machine the timeouts were chosen on (bench/RESULTS.md: 188–242 ms). */
export const REFERENCE_SPEED_MS = 200;
/** Above this a machine is too slow or too busy for any timeout to mean much; the run still goes on. */
const MAX_FACTOR = 8;
const FACTOR_ENV = 'TEST_MACHINE_FACTOR';

/** max(1, this machine's time for the workload / the reference machine's), to one decimal. */
export function factorFromSpeed(speedMs) {
  const raw = speedMs / REFERENCE_SPEED_MS;
  return Math.min(MAX_FACTOR, Math.max(1, Math.round(raw * 10) / 10));
}

/**
 * The workload on every core at once (scripts/machine-speed.mjs in a child process, so this stays
 * synchronous for the configs): a suite keeps all cores busy, so what counts is the speed a thread gets
 * then. A neighbour burning one of two cores leaves a single thread its full speed, but not two.
 */
function measureSpeedMs() {
  const script = fileURLToPath(new URL('./machine-speed.mjs', import.meta.url));
  const out = execFileSync(process.execPath, [script, String(availableParallelism())], { encoding: 'utf8' });
  return Number(out.trim());
}

/**
 * The machine factor: TEST_MACHINE_FACTOR when a parent process (scripts/test.mjs, scripts/e2e.mjs)
 * or the user set it, else measured now (1–6 s) and stored in process.env so that child processes
 * started after this inherit it instead of measuring again.
 */
export function machineFactor() {
  const given = Number(process.env[FACTOR_ENV]);
  if (Number.isFinite(given) && given > 0) return given;
  const speedMs = measureSpeedMs();
  const factor = factorFromSpeed(speedMs);
  process.env[FACTOR_ENV] = String(factor);
  process.env.TEST_MACHINE_SPEED_MS = String(speedMs);
  return factor;
}

/** A timeout chosen on the reference machine, for this one. */
export function scaled(ms, factor = machineFactor()) {
  return Math.round(ms * factor);
}

/**
 * Playwright workers: each drives a Chromium (browser and renderer processes) against a server on
 * the same machine, so one worker per two cores. On 2 cores a second worker only made the browsers,
 * the server and the test runner queue for the CPU (load 11–14) until waits timed out.
 * E2E_WORKERS (or --workers) overrides it.
 */
export function e2eWorkers(cores = availableParallelism()) {
  const given = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(given) && given > 0) return given;
  return Math.max(1, Math.floor(cores / 2));
}

/** One line for the logs, so a slow run shows what it was sized for. */
export function describeSizing() {
  const factor = machineFactor();
  const speed = process.env.TEST_MACHINE_SPEED_MS;
  return (
    `machine factor ${factor}` +
    (speed ? ` (workload ${speed} ms here, ${REFERENCE_SPEED_MS} ms on the reference machine)` : ' (given)') +
    `, ${availableParallelism()} cores, e2e workers ${e2eWorkers()}`
  );
}
