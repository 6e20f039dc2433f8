export const REFERENCE_SPEED_MS: number;
export function factorFromSpeed(speedMs: number): number;
export function machineFactor(): number;
export function scaled(ms: number, factor?: number): number;
export function e2eWorkers(cores?: number): number;
export function describeSizing(): string;
