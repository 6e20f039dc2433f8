// Per-core speed differs a lot between the machines tests and benchmarks run on (the same build
// carried 12,500 msg/s on one and 5,000 on another), so a fixed piece of single-threaded JavaScript
// is timed on each: benchmark figures from two machines compare through it, and the test suites
// derive their timeouts from it (scripts/test-sizing.mjs).

import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ROUNDS = 3;
const PAYLOADS = 100_000;

/** One round: telemetry-shaped JSON parsed, turned into entries and serialised again, as devices send. */
function round() {
  const t0 = performance.now();
  let sink = 0;
  for (let i = 0; i < PAYLOADS; i++) {
    const text = `{"ts":${1_700_000_000_000 + i},"values":{"t":${(i % 400) / 10},"h":${i % 100},"p":${1000 + (i % 50)}}}`;
    const parsed = JSON.parse(text);
    const entries = Object.entries(parsed.values).map(([key, value]) => ({ key, ts: parsed.ts, value }));
    sink += JSON.stringify(entries).length;
  }
  if (sink === 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return performance.now() - t0;
}

/** Median of a few rounds after one warm-up round, in ms (lower is faster). */
export function machineSpeedMs() {
  round();
  const times = Array.from({ length: ROUNDS }, round).sort((a, b) => a - b);
  return Math.round(times[Math.floor(ROUNDS / 2)]);
}

/**
 * The same workload on `threads` threads at once (each its own median), the slowest thread's time:
 * what a test gets when the suite itself keeps every core busy, so a neighbour process that leaves one
 * core idle still shows. Runs in worker threads; synchronous callers use `node machine-speed.mjs N`.
 */
export async function machineSpeedParallelMs(threads) {
  const runs = Array.from(
    { length: threads },
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: 'measure' });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
  );
  return Math.max(...(await Promise.all(runs)));
}

// As a worker thread of machineSpeedParallelMs, or as a command printing the parallel time.
if (!isMainThread && workerData === 'measure') {
  parentPort?.postMessage(machineSpeedMs());
} else if (isMainThread && process.argv[1] === fileURLToPath(import.meta.url)) {
  void machineSpeedParallelMs(Number(process.argv[2]) || 1).then((ms) => console.log(ms));
}
