import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import { failureReasons, runBulk, type BulkResult } from './model/bulk-run';

export interface BulkProgress {
  /** Already translated: what is being done ("Deleting 12 devices"). */
  label: string;
  done: number;
  total: number;
}

/**
 * Runs a bulk action with a progress state for <BulkProgressDialog>. The calls use `ignoreErrors`, so
 * the user gets one summary toast instead of a toast per failed row.
 */
export function useBulkRunner() {
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const run = useCallback(async <T>(label: string, items: readonly T[], task: (item: T) => Promise<unknown>) => {
    setProgress({ label, done: 0, total: items.length });
    try {
      return await runBulk(items, task, { onProgress: (done, total) => setProgress({ label, done, total }) });
    } finally {
      setProgress(null);
    }
  }, []);
  return { progress, run, busy: progress !== null };
}

/**
 * One toast for a finished bulk action: success when every call worked, else how many failed and the
 * commonest reason (the server's message). A single failed item shows just the server's message.
 */
export function useBulkSummary() {
  const { t } = useTranslation();
  return <T>(result: BulkResult<T>, successMessage: string) => {
    if (result.total === 0) return;
    if (result.failed.length === 0) {
      notify({ message: successMessage, type: 'success' });
      return;
    }
    const [reason = ''] = failureReasons(result.failed);
    if (result.total === 1) {
      notify({ message: reason, type: 'error' });
      return;
    }
    notify({
      message: t('assignment.bulk-partial', {
        done: result.succeeded.length,
        total: result.total,
        failed: result.failed.length,
        reason,
      }),
      type: result.succeeded.length > 0 ? 'warn' : 'error',
      duration: 8000,
    });
  };
}
