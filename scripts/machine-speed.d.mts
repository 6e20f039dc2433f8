/** Median time of a fixed single-threaded workload on this machine, in ms (lower is faster). */
export function machineSpeedMs(): number;
/** The workload on `threads` threads at once: the slowest thread's median time, in ms. */
export function machineSpeedParallelMs(threads: number): Promise<number>;
