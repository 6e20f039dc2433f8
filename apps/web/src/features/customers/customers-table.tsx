import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityTable, type Column, type RowAction } from '../../components/entity-table/entity-table';
import { createdTimeColumn } from '../../components/entity-table/common-columns';
import { queryKeys } from '../../lib/query-keys';
import { useDateTimeFormat } from '../contact/date-time';
import { countryLabel } from '../contact/model/country-options';
import { isPublicCustomer, type Customer } from './customer-types';
import { useCustomerPages } from './customers-queries';

export interface CustomersTableProps {
  searchText: string;
  selectedId?: string | undefined;
  onOpen: (customer: Customer) => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

/** The tenant's customers, newest first; phones see the title and the actions. */
export function CustomersTable({ searchText, selectedId, onOpen, onEdit, onDelete }: CustomersTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const fetchPage = useCustomerPages();

  const columns: Column<Customer>[] = [
    createdTimeColumn(t, formatTime, 'sm'),
    { id: 'title', label: t('common.title'), sortProperty: 'title', render: (row) => row.title },
    { id: 'email', label: t('contact.email'), sortProperty: 'email', render: (row) => row.email, hideBelow: 'md' },
    {
      id: 'country',
      label: t('contact.country'),
      sortProperty: 'country',
      render: (row) => countryLabel(row.country, i18n.language),
      hideBelow: 'md',
    },
    { id: 'city', label: t('contact.city'), sortProperty: 'city', render: (row) => row.city, hideBelow: 'lg' },
  ];
  // The public customer (made when something is shared publicly) has no users and cannot be edited.
  const actions: RowAction<Customer>[] = [
    {
      id: 'users',
      label: t('customer.manage-customer-users'),
      icon: <SupervisorAccount fontSize="small" />,
      onClick: (row) => navigate(`/customers/${row.id.id}/users`),
      hidden: isPublicCustomer,
    },
    { id: 'edit', label: t('action.edit'), icon: <Edit fontSize="small" />, onClick: onEdit, hidden: isPublicCustomer },
    {
      id: 'delete',
      label: t('action.delete'),
      icon: <Delete fontSize="small" />,
      onClick: onDelete,
      hidden: isPublicCustomer,
    },
  ];

  return (
    <EntityTable<Customer>
      queryKey={queryKeys.customers.list}
      fetchPage={fetchPage}
      rowId={(row) => row.id.id}
      columns={columns}
      defaultSort={{ property: 'createdTime', direction: 'DESC' }}
      searchText={searchText}
      actions={actions}
      onRowClick={onOpen}
      selectedId={selectedId}
      emptyText={
        searchText ? t('customer.no-customers-matching', { entity: searchText }) : t('customer.no-customers-text')
      }
      label={t('customer.customers')}
    />
  );
}
