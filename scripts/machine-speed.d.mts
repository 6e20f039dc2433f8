/** Median time of a fixed single-threaded workload on this machine, in ms (lower is faster). */
export function machineSpeedMs(): number;
