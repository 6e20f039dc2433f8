import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttributeScope } from '../../lib/ws-client';
import { SelectionBar } from '../assets/selection-bar';
import { AttributeDialog } from './attribute-dialog';
import { DeleteSelectedButton } from './delete-selected-button';
import { LiveStatus } from './live-status';
import { LiveTable } from './live-table';
import { attributeScopes, isReadOnlyEntity, isWritableScope, type TelemetryEntity } from './model/telemetry-paths';
import { useDeleteAttributes } from './telemetry-queries';
import { useLiveKeyTable } from './use-live-key-table';
import { useLiveTelemetry } from './use-live-telemetry';

const SCOPE_LABELS: Record<AttributeScope, string> = {
  SERVER_SCOPE: 'attribute.scope-server',
  SHARED_SCOPE: 'attribute.scope-shared',
  CLIENT_SCOPE: 'attribute.scope-client',
};

export interface AttributesTabProps {
  entity: TelemetryEntity;
  /** Roles that change nothing (customers) only read. */
  readOnly: boolean;
}

/** The attributes of one scope, live, with add / edit / delete where the scope and role allow. */
export function AttributesTab({ entity, readOnly }: AttributesTabProps) {
  const { t } = useTranslation();
  const scopes = attributeScopes(entity.entityType);
  const [scope, setScope] = useState<AttributeScope>(scopes[0] ?? 'SERVER_SCOPE');
  const live = useLiveTelemetry(entity, scope);
  const remove = useDeleteAttributes(entity);
  // Client attributes are the device's own; entity views mirror their target.
  const writable = !readOnly && isWritableScope(scope) && !isReadOnlyEntity(entity.entityType);
  const table = useLiveKeyTable(live, {
    emptyText: 'attribute.no-attributes-text',
    deleteTexts: {
      title: 'attribute.delete-attributes-title',
      text: 'attribute.delete-attributes-text',
      done: 'attribute.attributes-deleted',
    },
    remove: (keys) => remove.mutateAsync({ scope, keys }),
  });
  const [dialog, setDialog] = useState<{ editKey?: string } | null>(null);

  const changeScope = (next: AttributeScope) => {
    setScope(next);
    table.clearSelection();
  };

  return (
    <Stack spacing={1.5}>
      <LiveStatus status={live.status} loading={live.loading}>
        {scopes.length > 1 && (
          <TextField
            select
            size="small"
            label={t('attribute.attributes-scope')}
            value={scope}
            onChange={(event) => changeScope(event.target.value as AttributeScope)}
            sx={{ minWidth: 200 }}
          >
            {scopes.map((option) => (
              <MenuItem key={option} value={option}>
                {t(SCOPE_LABELS[option])}
              </MenuItem>
            ))}
          </TextField>
        )}
        {writable && (
          <Button size="small" variant="outlined" startIcon={<Add />} onClick={() => setDialog({})}>
            {t('attribute.add')}
          </Button>
        )}
      </LiveStatus>
      {writable && (
        <SelectionBar count={table.selectedKeys.length} onClear={table.clearSelection}>
          <DeleteSelectedButton pending={remove.isPending} onDelete={table.deleteSelected} />
        </SelectionBar>
      )}
      <LiveTable
        label={t(SCOPE_LABELS[scope])}
        {...table.tableProps}
        selected={writable ? table.selected : undefined}
        onSelectedChange={writable ? table.setSelected : undefined}
        rowActions={
          writable
            ? (row) => (
                <Tooltip title={t('attribute.edit')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('attribute.edit')}: ${row.key}`}
                    onClick={() => setDialog({ editKey: row.key })}
                  >
                    <Edit fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
      />
      {dialog && (
        <AttributeDialog entity={entity} scope={scope} editKey={dialog.editKey} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
