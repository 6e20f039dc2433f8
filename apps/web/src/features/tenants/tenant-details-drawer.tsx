import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import { ContactDetails } from '../contact/contact-details';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { useLastDefined } from '../contact/use-last-defined';
import type { TenantInfo } from './tenant-types';
import { useTenantInfo } from './tenants-queries';

export interface TenantDetailsDrawerProps {
  /** The row that was clicked: shown at once, then refreshed from the server. */
  tenant: TenantInfo | undefined;
  onClose: () => void;
  onEdit: (tenant: TenantInfo) => void;
  onDelete: (tenant: TenantInfo) => void;
}

/** Everything about one tenant, with its users, edit and delete one click away. */
export function TenantDetailsDrawer({ tenant: row, onClose, onEdit, onDelete }: TenantDetailsDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatTime = useDateTimeFormat();
  const { data: fresh } = useTenantInfo(row?.id.id, row);
  const tenant = useLastDefined(fresh);
  const description = tenant?.additionalInfo?.description;

  return (
    <EntityDetailsDrawer
      open={Boolean(row)}
      onClose={onClose}
      title={tenant?.title ?? ''}
      subtitle={t('tenant.tenant-details')}
      actions={
        tenant && (
          <>
            <Button
              variant="outlined"
              startIcon={<SupervisorAccount />}
              onClick={() => navigate(`/tenants/${tenant.id.id}/users`)}
            >
              {t('tenant.manage-tenant-users')}
            </Button>
            <Button variant="outlined" startIcon={<Edit />} onClick={() => onEdit(tenant)}>
              {t('action.edit')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<Delete />} onClick={() => onDelete(tenant)}>
              {t('action.delete')}
            </Button>
          </>
        )
      }
    >
      {tenant && (
        <>
          <DetailsSection title={t('common.general')}>
            <DetailsList
              items={[
                { label: t('common.title'), value: tenant.title },
                { label: t('tenant-profile.tenant-profile'), value: tenant.tenantProfileName },
                { label: t('common.created-time'), value: formatTime(tenant.createdTime) },
                { label: t('common.id'), value: <code>{tenant.id.id}</code> },
                {
                  label: t('common.description'),
                  value: typeof description === 'string' ? description : '',
                  wide: true,
                },
              ]}
            />
          </DetailsSection>
          <DetailsSection title={t('contact.contact')}>
            <ContactDetails entity={tenant} />
          </DetailsSection>
        </>
      )}
    </EntityDetailsDrawer>
  );
}
