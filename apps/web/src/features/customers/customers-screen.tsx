import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/entity-table/page-header';
import { usePageSearch } from '../../components/page-search/page-search';
import { CustomerDetailsDrawer } from './customer-details-drawer';
import { CustomerFormDialog } from './customer-form-dialog';
import type { Customer } from './customer-types';
import { CustomersTable } from './customers-table';
import { useConfirmDeleteCustomer } from './use-delete-customer';

type Editing = { customer?: Customer } | null;

/** The tenant administrator's customers: table, details panel, add/edit dialog, delete. */
export function CustomersScreen() {
  const { t } = useTranslation();
  const searchText = usePageSearch();
  const [opened, setOpened] = useState<Customer>();
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useConfirmDeleteCustomer();

  const remove = async (customer: Customer) => {
    await confirmDelete(customer, () => {
      if (opened?.id.id === customer.id.id) setOpened(undefined);
    });
  };

  return (
    <Box>
      <PageHeader title={t('customer.customers')} addLabel={t('customer.add')} onAdd={() => setEditing({})} />
      <CustomersTable
        searchText={searchText}
        selectedId={opened?.id.id}
        onOpen={setOpened}
        onEdit={(customer) => setEditing({ customer })}
        onDelete={(customer) => void remove(customer)}
      />
      <CustomerDetailsDrawer
        customer={opened}
        onClose={() => setOpened(undefined)}
        onEdit={(customer) => setEditing({ customer })}
        onDelete={(customer) => void remove(customer)}
      />
      {editing && <CustomerFormDialog customer={editing.customer} onClose={() => setEditing(null)} />}
    </Box>
  );
}
