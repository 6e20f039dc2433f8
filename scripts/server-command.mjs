// How a server process is started, shared by `npm start`, the browser tests and the benchmarks so
// that they all measure and test the process users run.
//
// --max-semi-space-size=64 (MB; V8's default here is 16): under device load the server allocates
// about 200 MB/s, and a 16 MB young generation is collected every ~60 ms. Messages still in flight
// at two collections in a row are promoted, and a full GC then runs every ~7 s with a 40-60 ms
// stall that shows as the PUBACK tail. The young generation grows to this size only under such
// load; an idle server keeps it small. See docs/decisions/0007-young-generation-size.md.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Node arguments that run `entry` (a TypeScript file, via tsx) the way a server runs. */
export function serverNodeArgs(entry = 'apps/server/src/main.ts', extraFlags = []) {
  return [...SERVER_NODE_FLAGS, ...extraFlags, '--import', 'tsx', entry];
}
