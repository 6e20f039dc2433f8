// Per-core speed differs a lot between the machines tests and benchmarks run on (the same build
// carried 12,500 msg/s on one and 5,000 on another), so a fixed piece of single-threaded JavaScript
// is timed on each: benchmark figures from two machines compare through it, and the test suites
// derive their timeouts from it (scripts/test-sizing.mjs).

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
