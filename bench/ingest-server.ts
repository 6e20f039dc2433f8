// The server process of the ingestion bench and what the kernel says it costs: CPU from
// /proc/<pid>/stat (all threads, so the database worker is included) and per thread from
// /proc/<pid>/task/*/stat, memory from /proc/<pid>/status, and the whole box from /proc/stat.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverNodeArgs } from '../scripts/server-command.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  proc: ChildProcess;
  pid: number;
  port: number;
  mqttPort: number;
  stderr: () => string;
}

/** Starts `apps/server/src/main.ts` on an embedded database in `dataDir` with demo data. */
export async function startBenchServer(dataDir: string, nodeArgs: string[] = []): Promise<BenchServer> {
  const port = await freePort();
  const mqttPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    DEMO: '1',
    // The ingest figures stay comparable with earlier runs: no demo building history, no simulator.
    DEMO_HISTORY_DAYS: '0',
    DEMO_SIMULATOR: '0',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '0',
  };
  delete env.DATABASE_URL;
  // BENCH_SERVER_ENTRY: an instrumented copy of main.ts while investigating.
  const entry = process.env.BENCH_SERVER_ENTRY || 'apps/server/src/main.ts';
  const proc = spawn(process.execPath, serverNodeArgs(entry, nodeArgs), {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
  const t0 = performance.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error('server did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, pid: proc.pid!, port, mqttPort, stderr: () => err };
}

export async function stopBenchServer(s: BenchServer): Promise<void> {
  if (s.proc.exitCode !== null) return;
  const done = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill('SIGTERM');
  await done;
}

/** utime + stime in seconds from a /proc stat line (fields after the parenthesised name). */
function cpuSeconds(statLine: string): number {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const line = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main' : line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
      out.set(`${name}#${tid}`, cpuSeconds(line));
    } catch {
      /* thread ended */
    }
  }
  return out;
}

function boxCpu(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  return { busy: total - idle, total };
}

/** How busy the machine is without us (other processes), % of one core over `ms`. */
export async function backgroundLoadPct(ms = 2000): Promise<number> {
  const a = boxCpu();
  await new Promise((r) => setTimeout(r, ms));
  const b = boxCpu();
  const cores = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 1;
  return Math.round(((b.busy - a.busy) / (b.total - a.total)) * cores * 1000) / 10;
}

function statusKb(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

export interface CpuReport {
  /** Server process, % of one core, all threads. */
  serverCpuPct: number;
  /** The busiest server threads, % of one core. */
  threads: Record<string, number>;
  /** This (generator) process, % of one core. */
  generatorCpuPct: number;
  /** Whole machine, % of one core (200 % = both cores busy). */
  boxCpuPct: number;
  /** Other processes on the box (box − server − generator), % of one core: high means skewed figures. */
  otherCpuPct: number;
  /** Peak server RSS while measuring, MB. */
  rssMaxMb: number;
}

/** Measures server, generator and box CPU between `start()` and `stop()`; samples RSS every 250 ms. */
export class ProcessMeter {
  private t0 = 0;
  private server0 = 0;
  private threads0 = new Map<string, number>();
  private gen0: NodeJS.CpuUsage = process.cpuUsage();
  private box0 = boxCpu();
  private rssMax = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  start(): void {
    this.t0 = performance.now();
    this.server0 = cpuSeconds(fs.readFileSync(`/proc/${this.pid}/stat`, 'utf8'));
    this.threads0 = threadCpu(this.pid);
    this.gen0 = process.cpuUsage();
    this.box0 = boxCpu();
    this.rssMax = statusKb(this.pid, 'VmRSS');
    this.timer = setInterval(() => (this.rssMax = Math.max(this.rssMax, statusKb(this.pid, 'VmRSS'))), 250);
  }

  stop(): CpuReport {
    clearInterval(this.timer);
    const wall = (performance.now() - this.t0) / 1000;
    const pct = (sec: number) => Math.round((sec / wall) * 1000) / 10;
    const server = cpuSeconds(fs.readFileSync(`/proc/${this.pid}/stat`, 'utf8')) - this.server0;
    const threads: Record<string, number> = {};
    const busy = [...threadCpu(this.pid)]
      .map(([k, v]) => [k, v - (this.threads0.get(k) ?? 0)] as const)
      .filter(([, v]) => v / wall >= 0.02)
      .sort((a, b) => b[1] - a[1]);
    for (const [k, v] of busy) threads[k] = pct(v);
    const gen = process.cpuUsage(this.gen0);
    const box = boxCpu();
    const cores = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 1;
    this.rssMax = Math.max(this.rssMax, statusKb(this.pid, 'VmRSS'));
    const serverCpuPct = pct(server);
    const generatorCpuPct = pct((gen.user + gen.system) / 1e6);
    const boxCpuPct = Math.round(((box.busy - this.box0.busy) / (box.total - this.box0.total)) * cores * 1000) / 10;
    return {
      serverCpuPct,
      threads,
      generatorCpuPct,
      boxCpuPct,
      otherCpuPct: Math.max(0, Math.round((boxCpuPct - serverCpuPct - generatorCpuPct) * 10) / 10),
      rssMaxMb: Math.round(this.rssMax / 1024),
    };
  }
}
