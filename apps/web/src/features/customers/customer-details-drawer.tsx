import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import { ContactDetails } from '../contact/contact-details';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { useLastDefined } from '../contact/use-last-defined';
import { isPublicCustomer, type Customer } from './customer-types';
import { useCustomer } from './customers-queries';

export interface CustomerDetailsDrawerProps {
  /** The row that was clicked: shown at once, then refreshed from the server. */
  customer: Customer | undefined;
  onClose: () => void;
  onEdit: (customer: Customer) => void;
  onDelete: (customer: Customer) => void;
}

/** Everything about one customer, with its users, edit and delete one click away. */
export function CustomerDetailsDrawer({ customer: row, onClose, onEdit, onDelete }: CustomerDetailsDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const { data: fresh } = useCustomer(row?.id.id, row);
  const customer = useLastDefined(fresh);
  const description = customer?.additionalInfo?.description;
  const isPublic = customer ? isPublicCustomer(customer) : false;

  return (
    <EntityDetailsDrawer
      open={Boolean(row)}
      onClose={onClose}
      title={customer?.title ?? ''}
      subtitle={t('customer.customer-details')}
      actions={
        customer &&
        !isPublic && (
          <>
            <Button
              variant="outlined"
              startIcon={<SupervisorAccount />}
              onClick={() => navigate(`/customers/${customer.id.id}/users`)}
            >
              {t('customer.manage-customer-users')}
            </Button>
            <Button variant="outlined" startIcon={<Edit />} onClick={() => onEdit(customer)}>
              {t('action.edit')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<Delete />} onClick={() => onDelete(customer)}>
              {t('action.delete')}
            </Button>
          </>
        )
      }
    >
      {customer && (
        <>
          <DetailsSection title={t('common.general')}>
            <DetailsList
              items={[
                {
                  label: t('common.title'),
                  value: isPublic ? (
                    <>
                      {customer.title} <Chip size="small" color="primary" label={t('customer.public')} />
                    </>
                  ) : (
                    customer.title
                  ),
                },
                { label: t('common.created-time'), value: formatTime(customer.createdTime) },
                { label: t('common.id'), value: <code>{customer.id.id}</code>, wide: true },
                {
                  label: t('common.description'),
                  value: typeof description === 'string' ? description : '',
                  wide: true,
                },
              ]}
            />
          </DetailsSection>
          <DetailsSection title={t('contact.contact')}>
            <ContactDetails entity={customer} />
          </DetailsSection>
        </>
      )}
    </EntityDetailsDrawer>
  );
}
