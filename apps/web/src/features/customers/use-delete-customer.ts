import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import { notify } from '../../lib/notifications';
import type { Customer } from './customer-types';
import { useDeleteCustomer } from './customers-queries';

/**
 * Asks (naming the customer and warning that its users and data go too), deletes, confirms. True when deleted.
 * `onConfirmed` runs before the call, so a details panel showing the customer closes and does not reload
 * an entity that is gone.
 */
export function useConfirmDeleteCustomer() {
  const { t } = useTranslation();
  const remove = useDeleteCustomer();
  return async (customer: Customer, onConfirmed?: () => void): Promise<boolean> => {
    const ok = await confirmDialog({
      title: t('customer.delete-customer-title', { customerTitle: customer.title }),
      message: t('customer.delete-customer-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return false;
    onConfirmed?.();
    try {
      await remove.mutateAsync(customer.id.id);
    } catch {
      return false; // the HTTP client already showed the server's message
    }
    notify({ message: t('customer.customer-deleted', { title: customer.title }), type: 'success' });
    return true;
  };
}
