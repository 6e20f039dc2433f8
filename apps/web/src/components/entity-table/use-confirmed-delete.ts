import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifications';
import { confirmDialog } from '../dialogs/dialog-store';

/** What a single delete says, already translated. */
export interface ConfirmedDeleteTexts {
  /** The confirm dialog's title, naming the entity. */
  title: string;
  /** The confirm dialog's text (what goes with it). */
  message: string;
  /** The success toast. */
  deleted: string;
}

/**
 * Delete one entity: asks first (a danger confirm), calls `remove` (a mutation that refreshes its own
 * lists), toasts the success. The returned function resolves true when deleted. `onConfirmed` runs before
 * the call, so a details panel showing the entity closes and does not reload an entity that is gone.
 * A failed call resolves false: the HTTP client already showed the server's message.
 */
export function useConfirmedDelete(remove: (id: string) => Promise<unknown>) {
  const { t } = useTranslation();
  return async (id: string, texts: ConfirmedDeleteTexts, onConfirmed?: () => void): Promise<boolean> => {
    const ok = await confirmDialog({
      title: texts.title,
      message: texts.message,
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return false;
    onConfirmed?.();
    try {
      await remove(id);
    } catch {
      return false;
    }
    notify({ message: texts.deleted, type: 'success' });
    return true;
  };
}
