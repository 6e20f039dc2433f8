// The workload lives in scripts/ so the test runners (plain Node, no TypeScript) time the same thing.
export { machineSpeedMs } from '../scripts/machine-speed.mjs';
