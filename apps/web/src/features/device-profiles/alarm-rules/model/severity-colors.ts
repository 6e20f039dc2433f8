import type { AlarmSeverity } from '@sapo/common';

/** Spec 1-client §3.5: CRITICAL red, MAJOR orange, … INDETERMINATE green. */
export const SEVERITY_COLORS: Record<AlarmSeverity, string> = {
  CRITICAL: '#d32f2f',
  MAJOR: '#ef6c00',
  MINOR: '#f9a825',
  WARNING: '#7e57c2',
  INDETERMINATE: '#2e7d32',
};
