// `npm run bench -- ingest`: MQTT ingestion through the full pipeline of a real server process
// (embedded database, latest values, activity, WebSocket fan-out). 1,000 devices publish 3-key QoS 1
// messages at a fixed offered rate (10,000 msg/s for 60 s), a tenant admin's WebSocket follows 100 of
// them, every acknowledged message is then counted back through REST; then 15 s steps at higher
// rates find the saturation point (the last rate with p99 within target) and the ceiling (the last
// rate carried at ≥ 95 %, at any latency). Issue 5 targets: ≥ 10,000 msg/s with PUBACK p99 ≤ 100 ms and
// device → WebSocket p99 ≤ 150 ms, nothing lost.
// BENCH_CPU_PROF=1 also writes V8 CPU profiles of the server (all threads) to a temp folder;
// BENCH_INGEST_RATE, BENCH_INGEST_SECONDS and BENCH_INGEST_STEPS (comma list, empty for none) change the load;
// BENCH_SERVER_ENTRY runs another server entry file (an instrumented copy of main.ts);
// BENCH_NODE_ARGS adds Node options to the server process (e.g. GC settings while investigating).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchApi, liftWsUpdateRate } from './ingest-api.ts';
import { LoadGenerator, percentiles, type StepResult } from './ingest-load.ts';
import { writeIngestResults, type IngestPhase } from './ingest-report.ts';
import { backgroundLoadPct, ProcessMeter, startBenchServer, stopBenchServer } from './ingest-server.ts';
import { WsObserver } from './ingest-ws.ts';
import { machineSpeedMs } from './machine-speed.ts';

const DEVICES = 1000;
const WATCHED = 100;
// The defaults are the issue's; the environment can shorten a run while investigating.
const env = process.env;
const MAIN_RATE = 10_000;
const MAIN_MS = (Number(env.BENCH_INGEST_SECONDS) || 60) * 1000;
const STEP_MS = 15_000;
const STEP_RATES = (env.BENCH_INGEST_STEPS ?? '12500,15000,17500,20000,25000,30000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const PUBACK_P99_TARGET = 100;
const WS_P99_TARGET = 150;
const PREFIX = 'Bench meter';
const TOKEN_PREFIX = 'bench-ingest-token-';

const log = (msg: string) => console.log(`[ingest] ${msg}`);

/** Runs one fixed-rate step under the meters, with the WebSocket latencies of its points. */
async function measure(
  gen: LoadGenerator,
  ws: WsObserver,
  pid: number,
  label: string,
  rate: number,
  durationMs: number,
): Promise<IngestPhase> {
  const meter = new ProcessMeter(pid);
  ws.take(Date.now());
  meter.start();
  const step = await gen.step({ rate, durationMs });
  const cpu = meter.stop();
  await new Promise((r) => setTimeout(r, 300)); // the last pushes trail the last PUBACKs
  const wsLat = ws.take(Number.POSITIVE_INFINITY);
  const w = percentiles(wsLat);
  const phase: IngestPhase = { label, step, cpu, ws: { n: wsLat.length, p50: w.p50, p99: w.p99, max: w.max } };
  log(
    `${label}: offered ${rate}/s, achieved ${step.achievedPerSec}/s (${step.acked}/${step.sent} acked` +
      `${step.aborted ? ', ABORTED: backlog' : ''}), PUBACK p50/p95/p99/max ${step.puback.p50}/${step.puback.p95}/` +
      `${step.puback.p99}/${step.puback.max} ms, WS p50/p99 ${w.p50}/${w.p99} ms (${wsLat.length} pts), ` +
      `server ${cpu.serverCpuPct} % ${JSON.stringify(cpu.threads)}, generator ${cpu.generatorCpuPct} %, ` +
      `box ${cpu.boxCpuPct} % (others ${cpu.otherCpuPct} %), RSS ${cpu.rssMaxMb} MB`,
  );
  return phase;
}

/** Acked-but-not-stored messages over the given steps (compared per device). */
async function verify(api: BenchApi, ids: readonly string[], steps: readonly StepResult[]) {
  const start = Math.min(...steps.map((s) => s.startEpochMs));
  const end = Math.max(...steps.map((s) => s.endEpochMs));
  const t0 = performance.now();
  const stored = await api.countStored(ids, start, end);
  let acked = 0;
  let storedTotal = 0;
  let missing = 0;
  const short: number[] = [];
  for (let d = 0; d < ids.length; d++) {
    const a = steps.reduce((sum, s) => sum + s.ackedPerDevice[d]!, 0);
    acked += a;
    storedTotal += stored[d]!;
    if (stored[d]! < a) {
      missing += a - stored[d]!;
      short.push(d);
    }
  }
  // A shortfall in COUNT is re-checked on the raw points, to tell lost data from a rollup miscount.
  let rawMissing = 0;
  for (const d of short.slice(0, 20)) {
    const a = steps.reduce((sum, s) => sum + s.ackedPerDevice[d]!, 0);
    rawMissing += Math.max(0, a - (await api.rawCount(ids[d]!, start, end)));
  }
  const ms = Math.round(performance.now() - t0);
  log(
    `verify: ${acked} acked, ${storedTotal} stored, ${missing} missing (raw recheck of ${short.length > 20 ? 20 : short.length} short devices: ${rawMissing} missing), ${ms} ms`,
  );
  return { acked, stored: storedTotal, missing, devicesShort: short.length, rawMissingSample: rawMissing, ms };
}

/**
 * What differs between ingestion runs: the rule chain or alarm rules set up before the load, the target
 * rate, and which RESULTS.md section the figures go to (issue 5 ingestion; issue 6 rule-engine runs).
 */
export interface IngestScenario {
  /** RESULTS.md section and results file name. */
  section: string;
  heading: string;
  /** What was set up, for the report's introduction. */
  setupText?: string;
  rate: number;
  setup?: (api: BenchApi) => Promise<void>;
}

const DEFAULT_SCENARIO: IngestScenario = {
  section: 'Ingestion',
  heading: 'Ingestion (issue 5): MQTT QoS 1 through the full pipeline',
  rate: MAIN_RATE,
};

export async function runIngestBench(scenario: IngestScenario = DEFAULT_SCENARIO): Promise<boolean> {
  const rate = Number(env.BENCH_INGEST_RATE) || scenario.rate;
  // Other work on the box skews every figure: measured and reported, with a warning when it is high.
  const backgroundPct = await backgroundLoadPct();
  log(
    `background load before the run: ${backgroundPct} % of one core${backgroundPct > 20 ? ' — WARNING: the box is busy, figures will be low' : ''}`,
  );
  const speedMs = machineSpeedMs();
  log(`machine speed: the fixed JavaScript workload took ${speedMs} ms (lower is faster)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-bench-ingest-'));
  const profDir = env.BENCH_CPU_PROF ? fs.mkdtempSync(path.join(os.tmpdir(), 'sapo-ingest-prof-')) : '';
  const nodeArgs = (env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (profDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', profDir);
  const server = await startBenchServer(dataDir, nodeArgs);
  let gen: LoadGenerator | undefined;
  let ws: WsObserver | undefined;
  try {
    const api = new BenchApi(`http://127.0.0.1:${server.port}`);
    await api.login('tenant@sapo.local', 'tenant');
    if (scenario.setup) {
      await scenario.setup(api);
      log(`set up: ${scenario.setupText ?? scenario.section}`);
    }
    const importMs = await api.importDevices(DEVICES, PREFIX, TOKEN_PREFIX);
    const byName = await api.deviceIds(PREFIX);
    const names = Array.from({ length: DEVICES }, (_, i) => `${PREFIX} ${String(i + 1).padStart(4, '0')}`);
    const ids = names.map((n) => byName.get(n) ?? '');
    if (ids.some((id) => !id)) throw new Error('not every imported device was listed');
    log(`${DEVICES} devices imported in ${importMs} ms`);

    const tokens = names.map((_, i) => `${TOKEN_PREFIX}${String(i + 1).padStart(4, '0')}`);
    gen = new LoadGenerator(server.mqttPort, tokens);
    const c0 = performance.now();
    await gen.connect();
    const connectMs = Math.round(performance.now() - c0);
    log(`${DEVICES} MQTT devices connected in ${connectMs} ms`);

    await liftWsUpdateRate(`http://127.0.0.1:${server.port}`);
    ws = new WsObserver(server.port, api.token);
    // Every tenth device, so the watched ones are spread over the schedule.
    await ws.subscribe(ids.filter((_, i) => i % (DEVICES / WATCHED) === 0));

    const warm = await measure(gen, ws, server.pid, 'warm-up', 2_000, 5_000);
    const main = await measure(gen, ws, server.pid, 'main', rate, MAIN_MS);
    const mainCheck = await verify(api, ids, [main.step]);

    const steps: IngestPhase[] = [];
    for (const rate of STEP_RATES) {
      const p = await measure(gen, ws, server.pid, `step ${rate / 1000}k`, rate, STEP_MS);
      steps.push(p);
      // Past the latency target the steps go on while the rate is still carried, to find the ceiling too.
      if (p.step.aborted || p.step.achievedPerSec < 0.95 * rate || p.step.puback.p99 > 10 * PUBACK_P99_TARGET) break;
    }
    const allCheck = await verify(api, ids, [warm.step, main.step, ...steps.map((s) => s.step)]);
    const wsErrors = ws.errors.slice(0, 5);

    const pass =
      main.step.achievedPerSec >= 0.95 * rate &&
      main.step.puback.p99 <= PUBACK_P99_TARGET &&
      main.ws.p99 <= WS_P99_TARGET &&
      main.ws.n > 0 &&
      mainCheck.missing === 0 &&
      allCheck.missing === 0;
    writeIngestResults({
      backgroundPct,
      speedMs,
      devices: DEVICES,
      watched: WATCHED,
      importMs,
      connectMs,
      main,
      mainCheck,
      steps,
      allCheck,
      wsErrors,
      targets: { rate, pubackP99: PUBACK_P99_TARGET, wsP99: WS_P99_TARGET },
      scenario,
      pass,
      official:
        !env.BENCH_INGEST_RATE &&
        !env.BENCH_INGEST_SECONDS &&
        env.BENCH_INGEST_STEPS === undefined &&
        !env.BENCH_SERVER_ENTRY &&
        !env.BENCH_NODE_ARGS,
    });
    if (profDir) log(`server CPU profiles: ${profDir}`);
    return pass;
  } finally {
    ws?.close();
    gen?.close();
    await stopBenchServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
