import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/entity-form/form-dialog';
import { notify } from '../../lib/notifications';
import { TitledContactFields } from '../contact/titled-contact-fields';
import { useEntityForm } from '../../components/entity-form/use-entity-form';
import type { Customer } from './customer-types';
import { useSaveCustomer } from './customers-queries';
import { CUSTOMER_FORM_FIELDS, customerFormFrom, customerPayload, validateCustomerForm } from './model/customer-form';

export interface CustomerFormDialogProps {
  /** The customer to edit; absent to add one. */
  customer?: Customer | undefined;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}

/** Add or edit a customer: title, description and contact. Mounted only while open. */
export function CustomerFormDialog({ customer, onClose, onSaved }: CustomerFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveCustomer();
  const { form, change, fieldError, generalError, submit } = useEntityForm({
    initial: customerFormFrom(customer),
    validate: validateCustomerForm,
    fields: CUSTOMER_FORM_FIELDS,
  });

  const onSubmit = () =>
    void submit(async (values) => {
      const saved = await save.mutateAsync(customerPayload(values, customer));
      notify({
        message: t(customer ? 'customer.customer-saved' : 'customer.customer-added', { title: saved.title }),
        type: 'success',
      });
      onSaved?.(saved);
      onClose();
    });

  return (
    <FormDialog
      open
      title={t(customer ? 'customer.edit' : 'customer.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={generalError}
      submitText={customer ? t('action.save') : t('action.add')}
    >
      <TitledContactFields form={form} change={change} fieldError={fieldError} disabled={save.isPending} />
    </FormDialog>
  );
}
