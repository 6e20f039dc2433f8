import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../components/entity-table/use-confirmed-delete';
import type { Customer } from './customer-types';
import { useDeleteCustomer } from './customers-queries';

/**
 * Asks (naming the customer and warning that its users and data go too), deletes, confirms. True when deleted.
 * `onConfirmed` runs before the call, so a details panel showing the customer closes and does not reload
 * an entity that is gone.
 */
export function useConfirmDeleteCustomer() {
  const { t } = useTranslation();
  const confirmedDelete = useConfirmedDelete(useDeleteCustomer().mutateAsync);
  return (customer: Customer, onConfirmed?: () => void): Promise<boolean> =>
    confirmedDelete(
      customer.id.id,
      {
        title: t('customer.delete-customer-title', { customerTitle: customer.title }),
        message: t('customer.delete-customer-text'),
        deleted: t('customer.customer-deleted', { title: customer.title }),
      },
      onConfirmed,
    );
}
