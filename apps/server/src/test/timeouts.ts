// Timeouts in server tests were chosen on the benchmark machine; `scaled` multiplies them by this
// machine's factor (scripts/test-sizing.mjs), which `npm test` measures once and passes on.
export { scaled } from '../../../../scripts/test-sizing.mjs';
