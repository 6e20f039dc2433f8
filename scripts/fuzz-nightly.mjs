// `npm run fuzz:nightly`: the fuzz tests (HTTP API from /api/openapi.json, MQTT over raw TCP, WebSocket)
// with FUZZ_RUNS times the runs of `npm test` (default 20) and a new seed each night, printed first;
// FUZZ_SEED=<seed> replays one. With DATABASE_URL set they run on that PostgreSQL.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = process.env.FUZZ_RUNS ?? '20';
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31);
console.log(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed} (set both to replay this run)`);
const env = { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed };
if (process.env.DATABASE_URL) env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const res = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'fuzz.test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(res.status ?? 1);
