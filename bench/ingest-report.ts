// Writes the ingestion bench's figures: bench/results/<date>-ingest.json and the "Ingestion" section
// of bench/RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StepResult } from './ingest-load.ts';
import type { CpuReport } from './ingest-server.ts';
import type { IngestScenario } from './ingest.ts';
import { RESULTS_HEADER, upsertSection } from './results-md.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface IngestPhase {
  label: string;
  step: StepResult;
  cpu: CpuReport;
  ws: { n: number; p50: number; p99: number; max: number };
}

export interface StoreCheck {
  acked: number;
  stored: number;
  missing: number;
  devicesShort: number;
  rawMissingSample: number;
  ms: number;
}

export interface IngestReport {
  /** Machine CPU used by other processes just before the run, % of one core. */
  backgroundPct: number;
  /** bench/machine-speed.ts on this machine, ms: results from two machines compare only through it. */
  speedMs: number;
  devices: number;
  watched: number;
  importMs: number;
  connectMs: number;
  main: IngestPhase;
  mainCheck: StoreCheck;
  steps: IngestPhase[];
  allCheck: StoreCheck;
  wsErrors: string[];
  targets: { rate: number; pubackP99: number; wsP99: number };
  scenario: IngestScenario;
  pass: boolean;
  /** False when the environment changed the load: the figures then go to the console only. */
  official: boolean;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Server CPU split: the event loop ("main"), the database worker (the busiest other thread: the
 * remaining ones are V8 and libuv helpers at a few % each) and the rest.
 */
function threadsText(t: Record<string, number>): string {
  const entries = Object.entries(t);
  const main = entries.find(([k]) => k.startsWith('main#'))?.[1] ?? 0;
  const others = entries.filter(([k]) => !k.startsWith('main#')).map(([, v]) => v);
  const db = others[0] ?? 0;
  const rest = Math.round(others.slice(1).reduce((a, b) => a + b, 0) * 10) / 10;
  return `event loop ${main}, db worker ${db}, other ${rest}`;
}

function row(p: IngestPhase): string {
  const s = p.step;
  const achieved = `${fmt(s.achievedPerSec)}${s.aborted ? ' (aborted: backlog)' : ''}`;
  return (
    `| ${p.label} | ${fmt(s.rate)} × ${s.durationMs / 1000} s | ${achieved} | ${fmt(s.achievedPerSec * 3)} | ` +
    `${s.puback.p50} / ${s.puback.p95} / ${s.puback.p99} / ${s.puback.max} | ${p.ws.p50} / ${p.ws.p99} | ` +
    `${p.cpu.serverCpuPct} % (${threadsText(p.cpu.threads)}) | ${p.cpu.rssMaxMb} MB | ${p.cpu.generatorCpuPct} % | ${p.cpu.boxCpuPct} % (${p.cpu.otherCpuPct} %) |`
  );
}

const carried = (p: IngestPhase) => !p.step.aborted && p.step.achievedPerSec >= 0.95 * p.step.rate;

/** The highest rate whose run kept PUBACK p99 within target and carried the rate. */
export function saturationRate(r: IngestReport, phases: IngestPhase[]): number {
  let best = 0;
  for (const p of phases)
    if (carried(p) && p.step.puback.p99 <= r.targets.pubackP99) best = Math.max(best, p.step.rate);
  return best;
}

/** The highest rate carried at ≥ 95 %, whatever the latency. */
export function ceilingRate(phases: IngestPhase[]): number {
  let best = 0;
  for (const p of phases) if (carried(p)) best = Math.max(best, p.step.rate);
  return best;
}

export function writeIngestResults(r: IngestReport): void {
  const date = new Date().toISOString();
  const phases = [r.main, ...r.steps];
  const saturation = saturationRate(r, phases);
  const ceiling = ceilingRate(phases);
  const strip = (p: IngestPhase) => ({ ...p, step: { ...p.step, ackedPerDevice: undefined } });
  const json = {
    date,
    node: process.version,
    cpus: os.cpus().length,
    ...r,
    scenario: { section: r.scenario.section, setup: r.scenario.setupText ?? null },
    main: strip(r.main),
    steps: r.steps.map(strip),
    saturationMsgPerSec: saturation,
    ceilingMsgPerSec: ceiling,
  };
  const m = r.main;
  const t = r.targets;
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const table = [
    '| run | offered msg/s | achieved msg/s | data points/s | PUBACK p50 / p95 / p99 / max (ms) | WS p50 / p99 (ms) | server CPU (event loop, db worker, other threads) | server RSS max | generator CPU | box CPU (other processes) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...phases.map(row),
  ].join('\n');
  const summary = [
    `- Target ≥ ${fmt(t.rate)} msg/s for ${m.step.durationMs / 1000} s with PUBACK p99 ≤ ${t.pubackP99} ms: ${verdict(
      m.step.achievedPerSec >= 0.95 * t.rate && m.step.puback.p99 <= t.pubackP99,
    )} (${fmt(m.step.achievedPerSec)} msg/s, p99 ${m.step.puback.p99} ms).`,
    `- Device → WebSocket p99 ≤ ${t.wsP99} ms: ${verdict(m.ws.p99 <= t.wsP99 && m.ws.n > 0)} (p99 ${m.ws.p99} ms over ${fmt(m.ws.n)} pushed points of ${r.watched} watched devices).`,
    `- Every acknowledged message stored: main run ${fmt(r.mainCheck.acked)} acked, ${fmt(r.mainCheck.stored)} stored, **${r.mainCheck.missing} missing**; whole bench ${fmt(r.allCheck.acked)} acked, **${r.allCheck.missing} missing** (agg=COUNT per device over REST).`,
    `- Saturation (highest rate with PUBACK p99 ≤ ${t.pubackP99} ms and ≥ 95 % of the offered rate achieved): **${fmt(saturation)} msg/s** (${fmt(saturation * 3)} data points/s); highest rate carried at any latency: ${fmt(ceiling)} msg/s. Steps stop at the first rate not carried (or p99 over ${10 * t.pubackP99} ms).`,
    ...(phases.some((p) => p.cpu.otherCpuPct > 15)
      ? [
          `- **Other processes were busy during the run** (up to ${Math.max(...phases.map((p) => p.cpu.otherCpuPct))} % of a core): the figures understate the server; re-run on a quiet machine.`,
        ]
      : []),
    ...(r.wsErrors.length ? [`- WebSocket errors: ${r.wsErrors.join('; ')}`] : []),
  ].join('\n');
  const intro =
    `Real server process (\`apps/server/src/main.ts\`), embedded database on disk, demo data, LOG_LEVEL=warn; ` +
    `${fmt(r.devices)} devices created by one bulk import (${fmt(r.importMs)} ms) and connected over MQTT ` +
    `(${fmt(r.connectMs)} ms) by a raw MQTT 3.1.1 generator in the bench process, on the same 2 cores. ` +
    `Each message is \`{"ts":…,"values":{"t","h","p"}}\` (3 data points) at QoS 1, sent at a fixed rate ` +
    `scheduled by the wall clock; PUBACK latency counts from the scheduled send time. A tenant admin's ` +
    `WebSocket follows \`t\` of ${r.watched} devices (tsSubCmds); its latency is arrival − the point's ts. ` +
    `CPU: % of one core over the run from /proc (the server's figure includes all its threads, split into ` +
    `the event loop, the database worker thread and other threads ≥ 2 %). A 5 s warm-up at 2,000 msg/s precedes the main run. ` +
    `Other processes used ${r.backgroundPct} % of one core just before the run. ` +
    `Machine speed: the fixed single-thread workload of \`bench/machine-speed.ts\` took ${fmt(r.speedMs)} ms (lower is faster).` +
    (r.scenario.setupText ? `\n\nSet up before the load: ${r.scenario.setupText}` : '');
  console.log(`${table}\n\n${summary}`);
  if (!r.official) return;
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(
      root,
      'bench/results',
      `${date}-${r.scenario.section.toLowerCase().replace(/\W+/g, '-')}.json`.replace(/:/g, '-'),
    ),
    JSON.stringify(json, null, 2),
  );

  const md = path.join(root, 'bench/RESULTS.md');
  const current = fs.existsSync(md) ? fs.readFileSync(md, 'utf8') : RESULTS_HEADER;
  const heading = `${r.scenario.heading} — ${date} (Node ${process.version})`;
  fs.writeFileSync(md, upsertSection(current, r.scenario.section, heading, `${intro}\n\n${table}\n\n${summary}`));
}
