import type { Parameters } from 'fast-check';

/**
 * How hard the fuzz tests push. `npm test` runs a short, fixed-seed pass (the same inputs every run,
 * so a failure reproduces); `FUZZ_RUNS=<n>` multiplies the runs (the nightly script), and
 * `FUZZ_SEED=<n>` replays the seed a failure printed.
 */
export interface FuzzSettings {
  /** 1 in `npm test`; the nightly script sets more. */
  scale: number;
  seed: number;
}

const DEFAULT_SEED = 20_261_126;

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const scale = Number(env.FUZZ_RUNS ?? 1);
  const seed = env.FUZZ_SEED !== undefined ? Number(env.FUZZ_SEED) : scale > 1 ? Date.now() % 2 ** 31 : DEFAULT_SEED;
  if (!Number.isInteger(scale) || scale < 1)
    throw new Error(`FUZZ_RUNS must be a positive integer, got ${env.FUZZ_RUNS}`);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${env.FUZZ_SEED}`);
  return { scale, seed };
}

/**
 * fast-check parameters for a property: `runs` in short mode, times the scale. Shrinking is cut short:
 * each run is a round trip to a server, and the printed seed and counterexample already reproduce it.
 */
export function fcParams(settings: FuzzSettings, runs: number): Parameters<unknown> {
  return {
    numRuns: runs * settings.scale,
    seed: settings.seed,
    // The failure message names the seed and the counterexample; FUZZ_SEED=<seed> replays it.
    endOnFailure: true,
  };
}

/** The line to print when a fuzz test fails, so the run can be replayed. */
export function replayHint(settings: FuzzSettings): string {
  return `replay with FUZZ_SEED=${settings.seed}${settings.scale > 1 ? ` FUZZ_RUNS=${settings.scale}` : ''}`;
}

/** A test's time limit: what the short run may take on a loaded machine, times the scale. */
export function fuzzTimeout(settings: FuzzSettings, shortMs: number): number {
  return shortMs * settings.scale;
}
