import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { entityTypeKeys } from '../../components/entity-autocomplete/entity-types';
import { EntityTabsDrawer } from '../assets/entity-tabs-drawer';
import type { OwnerScope } from '../assets/model/owner-scope';
import { OwnedEntityButtons, type OwnedEntityButtonHandlers } from '../assets/owned-entity-buttons';
import { isAssignedToCustomer, isPublic } from '../assignment';
import { useDateTimeFormat } from '../contact/date-time';
import { DetailsList, DetailsSection } from '../contact/details-list';
import { useLastDefined } from '../contact/use-last-defined';
import type { EntityViewInfo } from './entity-view-types';
import { useEntityView } from './entity-views-queries';

export interface EntityViewDetailsDrawerProps extends OwnedEntityButtonHandlers<EntityViewInfo> {
  view: EntityViewInfo | undefined;
  scope: OwnerScope;
  onClose: () => void;
}

/** Chips of the keys, or null so the list shows its dash for none. */
function keyChips(keys: string[] | null | undefined) {
  if (!keys?.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {keys.map((key) => (
        <Chip key={key} size="small" label={key} />
      ))}
    </Stack>
  );
}

/** One entity view: target, keys, time window; and its relations. */
export function EntityViewDetailsDrawer({ view: row, scope, onClose, ...handlers }: EntityViewDetailsDrawerProps) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const { data: fresh } = useEntityView(row?.id.id, row);
  const view = useLastDefined(fresh);
  const bound = (ms: number) => (ms ? formatTime(ms) : t('entity-view.unbounded'));
  const typeKeys = view ? entityTypeKeys(view.entityId.entityType) : undefined;
  const description = view?.additionalInfo?.description;

  return (
    <EntityTabsDrawer
      entityId={view?.id}
      open={Boolean(row)}
      onClose={onClose}
      title={view?.name ?? ''}
      subtitle={t('entity-view.details')}
      readOnly={!scope.canEdit}
      actions={view && <OwnedEntityButtons entity={view} scope={scope} {...handlers} />}
      details={
        view && (
          <>
            <DetailsSection title={t('common.general')}>
              <DetailsList
                items={[
                  { label: t('entity-view.name'), value: view.name },
                  { label: t('entity-view.entity-view-type'), value: view.type },
                  {
                    label: t('entity-view.target-entity'),
                    value: view.entityName
                      ? `${view.entityName} (${typeKeys ? t(typeKeys.one) : view.entityId.entityType})`
                      : '',
                  },
                  {
                    label: t('asset.customer'),
                    value: isPublic(view) ? (
                      <Chip size="small" color="primary" label={t('asset.public')} />
                    ) : isAssignedToCustomer(view) ? (
                      view.customerTitle
                    ) : (
                      ''
                    ),
                  },
                  { label: t('entity-view.start-time'), value: bound(view.startTimeMs) },
                  { label: t('entity-view.end-time'), value: bound(view.endTimeMs) },
                  { label: t('common.created-time'), value: formatTime(view.createdTime) },
                  { label: t('common.id'), value: <code>{view.id.id}</code> },
                  {
                    label: t('common.description'),
                    value: typeof description === 'string' ? description : '',
                    wide: true,
                  },
                ]}
              />
            </DetailsSection>
            <DetailsSection title={t('entity-view.keys')}>
              <DetailsList
                items={[
                  { label: t('entity-view.timeseries-keys'), value: keyChips(view.keys?.timeseries), wide: true },
                  { label: t('entity-view.client-attributes'), value: keyChips(view.keys?.attributes?.cs), wide: true },
                  { label: t('entity-view.shared-attributes'), value: keyChips(view.keys?.attributes?.sh), wide: true },
                  { label: t('entity-view.server-attributes'), value: keyChips(view.keys?.attributes?.ss), wide: true },
                ]}
              />
            </DetailsSection>
          </>
        )
      }
    />
  );
}
