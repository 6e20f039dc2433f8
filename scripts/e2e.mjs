#!/usr/bin/env node
// Browser e2e: Debian Chromium + Playwright against the BUILT web app served by the real server,
// on a free port with a fresh data directory, so the run never touches a developer's ./data.
//   node scripts/e2e.mjs [playwright args…]      e.g. node scripts/e2e.mjs --grep "sign-out"
// With E2E_BASE_URL already set, no server is started: the tests run against that one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from './server-command.mjs';
import { describeSizing, scaled } from './test-sizing.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const log = (message) => console.log(`[e2e] ${message}`);
// Measured once here (about a second) and inherited by Playwright and its workers through
// TEST_MACHINE_FACTOR: playwright.config.ts derives the timeouts and the worker count from it.
log(describeSizing());
const HEALTH_TIMEOUT_MS = scaled(90_000);

function run(command, args, options = {}) {
  log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** (a) Debian's chromium, installed with apt when we can (root); Playwright's own download is blocked. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      `[e2e] ${CHROMIUM} is missing. Install the Debian package 'chromium' ` +
        `(as root: apt-get update && apt-get install -y chromium fonts-liberation), then run again.`,
    );
    process.exit(1);
  }
  log(`${CHROMIUM} is missing: installing Debian's chromium (about a minute)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', 'chromium', 'fonts-liberation'], { env }) !== 0 ||
    !existsSync(CHROMIUM)
  ) {
    console.error(`[e2e] Installing the Debian package 'chromium' failed.`);
    process.exit(1);
  }
}

/** (b) The tests exercise the production bundle, as users get it. */
function ensureWebBuild() {
  if (existsSync(join(ROOT, 'apps/web/dist/index.html'))) return;
  log('apps/web/dist is missing: building the web app');
  if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** (c) The real server on a free port, its own temp DATA_DIR, embedded database and in-process bus. */
async function startServer() {
  const port = await freePort();
  // MQTT on its own free port, so dashboard specs publish telemetry the way devices do.
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sapo-e2e-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DEMO: '1',
    // The demo building sends live data, but no random faults: alarm specs count what they raise.
    DEMO_FAULTS: '0',
    DATA_DIR: dataDir,
    BCRYPT_ROUNDS: '4',
    // Every browser test signs in from 127.0.0.1; the per-address login limit (tested by the API
    // suite) would otherwise turn a busy minute of parallel specs into 429s.
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  };
  delete env.DATABASE_URL; // e2e always uses the embedded database…
  delete env.REDIS_URL; // …and the in-process bus, whatever CI exported for the API suites
  log(`starting the server on 127.0.0.1:${port} (DATA_DIR=${dataDir})`);
  // Own process group, so stopping it also stops anything it spawned.
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { port, mqttPort, dataDir, child, exited, output: () => Buffer.concat(output).toString() };
}

async function waitForHealth(server) {
  const url = `http://127.0.0.1:${server.port}/api/health`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exitedWith;
  void server.exited.then((how) => (exitedWith = how));
  while (Date.now() < deadline && exitedWith === undefined) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  console.error(
    exitedWith === undefined
      ? `[e2e] ${url} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s.`
      : `[e2e] The server exited (${exitedWith}) before it was healthy.`,
  );
  return false;
}

/** (e) Stop the server (TERM, then KILL after 10 s) and remove its data directory. */
async function stopServer(server) {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    killGroup(server.child, 'SIGTERM');
    const stopped = await Promise.race([server.exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) {
      killGroup(server.child, 'SIGKILL');
      await server.exited;
    }
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

function printServerOutput(server) {
  const text = server.output().trimEnd();
  const MAX = 20_000; // the tail is where the failure is
  console.error('[e2e] ---- server output ----');
  console.error(text.length > MAX ? `…${text.slice(-MAX)}` : text || '(none)');
  console.error('[e2e] ---- end of server output ----');
}

/** Signals a child's whole process group (npx → playwright → workers → chromium). */
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

let playwright; // the running `npx playwright test`, if any
let server; // the server we started, if any
let stopping;
const stopServerOnce = () => (stopping ??= server ? stopServer(server) : Promise.resolve());

/** (d) Playwright with the base URL; its exit code is ours. */
function runPlaywright(baseUrl, mqttPort) {
  return new Promise((resolve) => {
    log(`$ npx playwright test ${process.argv.slice(2).join(' ')} (E2E_BASE_URL=${baseUrl})`);
    // Own process group, so an interrupted run can stop the browsers too (see the signal handler).
    playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, E2E_BASE_URL: baseUrl, ...(mqttPort ? { E2E_MQTT_PORT: String(mqttPort) } : {}) },
    });
    playwright.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  // Ctrl-C or a CI timeout must leave no browser, server or temp dir behind.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      if (playwright) killGroup(playwright, signal);
      void stopServerOnce().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  ensureChromium();
  if (process.env.E2E_BASE_URL) return runPlaywright(process.env.E2E_BASE_URL);
  ensureWebBuild();
  server = await startServer();
  try {
    if (!(await waitForHealth(server))) {
      printServerOutput(server);
      return 1;
    }
    const code = await runPlaywright(`http://127.0.0.1:${server.port}`, server.mqttPort);
    if (code !== 0) printServerOutput(server);
    return code;
  } finally {
    await stopServerOnce();
  }
}

process.exitCode = await main();
