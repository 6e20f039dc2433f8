import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { isPublic } from '../assignment';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { useLastDefined } from '../contact/use-last-defined';
import { customerOf } from './asset-columns';
import { descriptionOf, type AssetInfo } from './asset-types';
import { useAsset } from './assets-queries';
import { EntityTabsDrawer } from './entity-tabs-drawer';
import type { OwnerScope } from './model/owner-scope';
import { OwnedEntityButtons, type OwnedEntityButtonHandlers } from './owned-entity-buttons';

export interface AssetDetailsDrawerProps extends OwnedEntityButtonHandlers<AssetInfo> {
  /** The row that was clicked: shown at once, then refreshed from the server. */
  asset: AssetInfo | undefined;
  scope: OwnerScope;
  onClose: () => void;
}

/** One asset: its fields and its relations, with the row's actions as buttons. */
export function AssetDetailsDrawer({ asset: row, scope, onClose, ...handlers }: AssetDetailsDrawerProps) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const { data: fresh } = useAsset(row?.id.id, row);
  const asset = useLastDefined(fresh);

  return (
    <EntityTabsDrawer
      entityId={asset?.id}
      open={Boolean(row)}
      onClose={onClose}
      title={asset?.name ?? ''}
      subtitle={t('asset.details')}
      readOnly={!scope.canEdit}
      actions={asset && <OwnedEntityButtons entity={asset} scope={scope} {...handlers} />}
      details={
        asset && (
          <DetailsSection title={t('common.general')}>
            <DetailsList
              items={[
                { label: t('asset.name'), value: asset.name },
                { label: t('asset.asset-type'), value: asset.type },
                { label: t('asset.label'), value: asset.label },
                {
                  label: t('asset.customer'),
                  value: isPublic(asset) ? (
                    <Chip size="small" color="primary" label={t('asset.public')} />
                  ) : (
                    customerOf(asset)
                  ),
                },
                { label: t('common.created-time'), value: formatTime(asset.createdTime) },
                { label: t('common.id'), value: <code>{asset.id.id}</code> },
                { label: t('common.description'), value: descriptionOf(asset), wide: true },
              ]}
            />
          </DetailsSection>
        )
      }
    />
  );
}
