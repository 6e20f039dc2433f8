import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Flag from '@mui/icons-material/Flag';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { EntityDetailsDrawer } from '../../components/entity-details/entity-details-drawer';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { useLastDefined } from '../contact/use-last-defined';
import { LIMIT_KEYS } from './model/tenant-profile-form';
import type { TenantProfile } from './tenant-profile-types';
import { useTenantProfile } from './tenant-profiles-queries';

export interface TenantProfileDetailsDrawerProps {
  profile: TenantProfile | undefined;
  onClose: () => void;
  onEdit: (profile: TenantProfile) => void;
  onDelete: (profile: TenantProfile) => void;
  onMakeDefault: (profile: TenantProfile) => void;
}

/** One tenant profile: general fields and every limit (0 shown as 'Unlimited'). */
export function TenantProfileDetailsDrawer({
  profile: row,
  onClose,
  onEdit,
  onDelete,
  onMakeDefault,
}: TenantProfileDetailsDrawerProps) {
  const { t, i18n } = useTranslation();
  const formatTime = useDateTimeFormat();
  const { data: fresh } = useTenantProfile(row?.id.id, row);
  const profile = useLastDefined(fresh);
  const configuration = profile?.profileData?.configuration ?? {};
  const numbers = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  const limitText = (value: unknown) =>
    typeof value === 'number' && value > 0 ? numbers.format(value) : t('tenant-profile.unlimited');
  const yesNo = (value: boolean) => t(value ? 'action.yes' : 'action.no');

  return (
    <EntityDetailsDrawer
      open={Boolean(row)}
      onClose={onClose}
      title={profile?.name ?? ''}
      subtitle={t('tenant-profile.tenant-profile-details')}
      actions={
        profile && (
          <>
            {!profile.default && (
              <Button variant="outlined" startIcon={<Flag />} onClick={() => onMakeDefault(profile)}>
                {t('tenant-profile.set-default')}
              </Button>
            )}
            <Button variant="outlined" startIcon={<Edit />} onClick={() => onEdit(profile)}>
              {t('action.edit')}
            </Button>
            {!profile.default && (
              <Button variant="outlined" color="error" startIcon={<Delete />} onClick={() => onDelete(profile)}>
                {t('action.delete')}
              </Button>
            )}
          </>
        )
      }
    >
      {profile && (
        <>
          <DetailsSection title={t('common.general')}>
            <DetailsList
              items={[
                {
                  label: t('tenant-profile.name'),
                  value: profile.default ? (
                    <>
                      {profile.name} <Chip size="small" color="primary" label={t('tenant-profile.default')} />
                    </>
                  ) : (
                    profile.name
                  ),
                },
                { label: t('common.created-time'), value: formatTime(profile.createdTime) },
                { label: t('tenant-profile.isolated-tb-core'), value: yesNo(profile.isolatedTbCore) },
                { label: t('tenant-profile.isolated-tb-rule-engine'), value: yesNo(profile.isolatedTbRuleEngine) },
                { label: t('common.description'), value: profile.description, wide: true },
              ]}
            />
          </DetailsSection>
          <DetailsSection title={t('tenant-profile.limits')}>
            <DetailsList
              items={LIMIT_KEYS.map((key) => ({
                label: t(`tenant-profile.limit.${key}`),
                value: limitText(configuration[key]),
              }))}
            />
          </DetailsSection>
        </>
      )}
    </EntityDetailsDrawer>
  );
}
