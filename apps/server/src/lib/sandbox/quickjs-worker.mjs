// Runs tenant scripts in QuickJS (WASM) off the main thread, so an endless loop or a memory bomb
// never blocks the server's event loop. Plain JS: workers are not transpiled.
// One QuickJS runtime + context per tenant (no shared state between tenants); compiled functions
// are cached (LRU). Only strings cross the boundary: JSON in, JSON out.
// Memory: this QuickJS build cannot measure allocation sizes (no malloc_usable_size), so a
// runtime's own memory limit does not hold; the WASM heap of the whole worker is capped instead
// (`heapLimitBytes`): allocations beyond it fail with "out of memory" and the VM is recreated.
//
// Protocol: host → {type:'batch', id, sliceMs, scripts:[[tenant, argNamesJson, body]], calls:[[scriptIdx, argsJson]]}
//           worker → {type:'result', id, results:[['u'] | ['j', json] | ['e', kind, detail] | ['s']], times:[ms]}
// kind: 'error' (thrown / syntax), 'timeout', 'oom', 'result' (too large), 'crash'.
// ['s'] = skipped: the batch's time slice was used up before the call started; the host queues it
// again (its tenant waits for its next turn). `times` = time each call ran, charged to its tenant.
import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from 'quickjs-emscripten';
import { preludeSource } from './sandbox-prelude.mjs';

const { heapLimitBytes, maxStackBytes, timeoutMs, maxResultChars, maxTenants, maxScripts } = workerData;
const PAGE = 65536;
const INITIAL_PAGES = 256; // the module's own initial size (16 MB)
/** Shared with the host's watchdog: [batch id, call index, start time of the running call or 0]. */
const state = new Float64Array(workerData.state);

let QJS;
/** Absolute time after which the running script is interrupted; read by every runtime's interrupt handler. */
let deadline = Infinity;
/** tenant → vm; Map order is least recently used first. */
const vms = new Map();
/** tenant\0argNames\0body → { vm, fn?: handle, error?: string }; LRU order. */
const scripts = new Map();
/** Set when the WASM module may be corrupt: the worker replies and then exits (the host restarts it). */
let poisoned = false;

function createVm(tenant) {
  const rt = QJS.newRuntime();
  rt.setMemoryLimit(heapLimitBytes);
  rt.setMaxStackSize(maxStackBytes);
  rt.setInterruptHandler(() => Date.now() > deadline);
  const ctx = rt.newContext();
  deadline = Date.now() + 10_000;
  const r = ctx.evalCode(preludeSource(maxResultChars), 'prelude.js');
  deadline = Infinity;
  if (r.error) {
    const d = ctx.dump(r.error);
    r.error.dispose();
    ctx.dispose();
    rt.dispose();
    throw new Error(`sandbox prelude failed: ${d?.message ?? d}`);
  }
  const compile = ctx.getProp(r.value, 0);
  const invoke = ctx.getProp(r.value, 1);
  r.value.dispose();
  return { tenant, rt, ctx, compile, invoke, keys: new Set() };
}

function disposeVm(vm) {
  if (vms.get(vm.tenant) === vm) vms.delete(vm.tenant);
  try {
    for (const key of vm.keys) {
      scripts.get(key)?.fn?.dispose();
      scripts.delete(key);
    }
    vm.compile.dispose();
    vm.invoke.dispose();
    vm.ctx.dispose();
    vm.rt.dispose();
  } catch {
    // A runtime that cannot be freed leaves the module in an unknown state.
    poisoned = true;
  }
}

function getVm(tenant) {
  let vm = vms.get(tenant);
  if (vm) {
    vms.delete(tenant);
  } else {
    vm = createVm(tenant);
    while (vms.size >= maxTenants) disposeVm(vms.values().next().value);
  }
  vms.set(tenant, vm);
  return vm;
}

/** An error the sandbox could not catch itself (interrupt, memory): the tenant's VM is recreated. */
function hostError(vm, errHandle) {
  let message;
  try {
    deadline = Date.now() + 50;
    const d = vm.ctx.dump(errHandle);
    message = typeof d === 'object' && d !== null ? `${d.name}: ${d.message}` : String(d);
  } catch {
    message = 'unknown error';
  }
  deadline = Infinity;
  errHandle.dispose();
  disposeVm(vm);
  if (message.endsWith('interrupted')) return ['e', 'timeout', ''];
  if (message.includes('out of memory')) return ['e', 'oom', ''];
  return ['e', 'error', message];
}

function compileScript(vm, key, argNamesJson, body) {
  const { ctx } = vm;
  const a = ctx.newString(argNamesJson);
  const b = ctx.newString(body);
  deadline = Date.now() + timeoutMs;
  const r = ctx.callFunction(vm.compile, ctx.undefined, a, b);
  deadline = Infinity;
  a.dispose();
  b.dispose();
  if (r.error) return { failure: hostError(vm, r.error) };
  let entry;
  if (ctx.typeof(r.value) === 'string') {
    entry = { vm, error: ctx.getString(r.value) };
    r.value.dispose();
  } else {
    entry = { vm, fn: r.value };
  }
  scripts.set(key, entry);
  vm.keys.add(key);
  while (scripts.size > maxScripts) {
    const [oldKey, old] = scripts.entries().next().value;
    old.fn?.dispose();
    old.vm.keys.delete(oldKey);
    scripts.delete(oldKey);
  }
  return entry;
}

function runOne([tenant, argNamesJson, body], argsJson) {
  const vm = getVm(tenant);
  const key = `${tenant}\0${argNamesJson}\0${body}`;
  let entry = scripts.get(key);
  if (entry) {
    scripts.delete(key);
    scripts.set(key, entry);
  } else {
    entry = compileScript(vm, key, argNamesJson, body);
    if (entry.failure) return entry.failure;
  }
  if (entry.error !== undefined) return ['e', 'error', entry.error];
  const { ctx, rt } = vm;
  const h = ctx.newString(argsJson);
  deadline = Date.now() + timeoutMs;
  const r = ctx.callFunction(vm.invoke, ctx.undefined, entry.fn, h);
  deadline = Infinity;
  h.dispose();
  if (r.error) return hostError(vm, r.error);
  let out = ctx.getString(r.value);
  r.value.dispose();
  // Promise jobs left behind would run later with no deadline and could keep state: start afresh.
  let recycle = rt.hasPendingJob();
  if (out[0] === 'R') {
    recycle = true;
    out = out.slice(1);
  }
  let result;
  if (out[0] === 'u') result = ['u'];
  else if (out[0] === 'j') result = ['j', out.slice(1)];
  else if (out[0] === 'L') result = ['e', 'result', out.slice(1)];
  else if (out.includes('out of memory')) {
    recycle = true;
    result = ['e', 'oom', ''];
  } else result = ['e', 'error', out.slice(1)];
  if (recycle) disposeVm(vm);
  return result;
}

const SKIPPED = ['s'];

function runBatch({ id, sliceMs, scripts: defs, calls }) {
  // Every call keeps its own full deadline; the slice only decides whether the next one starts.
  const sliceEnd = Date.now() + sliceMs;
  /** A script that timed out or ran out of memory is not run again in the same batch. */
  const hard = new Map();
  const results = new Array(calls.length);
  const times = new Array(calls.length).fill(0);
  for (let i = 0; i < calls.length; i++) {
    const [si, argsJson] = calls[i];
    if (poisoned) {
      results[i] = ['e', 'crash', 'Script executor failed and is restarting'];
      continue;
    }
    const prior = hard.get(si);
    if (prior) {
      results[i] = prior;
      continue;
    }
    if (i > 0 && Date.now() > sliceEnd) {
      results[i] = SKIPPED;
      continue;
    }
    state[0] = id;
    state[1] = i;
    state[2] = Date.now();
    const t0 = performance.now();
    try {
      results[i] = runOne(defs[si], argsJson);
    } catch (err) {
      // A host-side failure inside WASM (e.g. native stack exhausted): the module state is unknown.
      poisoned = true;
      results[i] = ['e', 'crash', `Script crashed the executor: ${err instanceof Error ? err.message : String(err)}`];
    }
    times[i] = performance.now() - t0;
    const kind = results[i][1];
    if (kind === 'timeout' || kind === 'oom' || kind === 'crash') hard.set(si, results[i]);
  }
  state[2] = 0;
  return { results, times };
}

const wasmMemory = new WebAssembly.Memory({
  initial: INITIAL_PAGES,
  maximum: Math.max(INITIAL_PAGES * 2, Math.floor(heapLimitBytes / PAGE)),
});
let chain = newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmMemory })).then((m) => {
  QJS = m;
  parentPort.postMessage({ type: 'ready' });
});
chain.catch((err) => {
  parentPort.postMessage({ type: 'fatal', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
parentPort.on('message', (msg) => {
  chain = chain.then(() => {
    if (msg.type !== 'batch') return;
    const { results, times } = runBatch(msg);
    parentPort.postMessage({ type: 'result', id: msg.id, results, times });
    if (poisoned) process.exit(1);
  });
});
