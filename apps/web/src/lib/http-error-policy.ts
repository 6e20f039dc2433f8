import { ErrorCode } from '@sapo/common';
import type { ApiError, FailedCall } from './api-client';
import { UNAUTHORIZED_MESSAGE } from './api-error';

/** What the user sees for a failed call (spec 1-client §8, 2-calls §8). */
export type ErrorPresentation = { kind: 'none' } | { kind: 'toast'; message: string } | { kind: 'permission-denied' };

export function presentError(error: ApiError, call: FailedCall): ErrorPresentation {
  if (call.flags.ignoreErrors) return { kind: 'none' };
  if (error.status === 403) return { kind: 'permission-denied' };
  if (error.status === 401) {
    // The expired-password answer leads to the reset screen instead; nothing to toast.
    if (error.errorCode === ErrorCode.CREDENTIALS_EXPIRED) return { kind: 'none' };
    return { kind: 'toast', message: error.message || UNAUTHORIZED_MESSAGE };
  }
  if (error.status === 0 || error.status === -1) return { kind: 'toast', message: error.message };
  if (error.status === 404) {
    // RPC calls answer 404 for an offline device; the widget shows that itself.
    if (call.path.startsWith('/api/plugins/rpc/')) return { kind: 'none' };
    const statusText = error.statusText || 'Not Found';
    return { kind: 'toast', message: `${call.method} ${call.path}: ${error.status} ${statusText}\n${error.message}` };
  }
  return { kind: 'toast', message: error.message || `Unhandled error code ${error.status}` };
}
