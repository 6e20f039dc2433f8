import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../components/dialogs/dialog-store';
import type { AttributeScope } from '../../lib/ws-client';
import { notify } from '../../lib/notifications';
import { SelectionBar } from '../assets/selection-bar';
import { AttributeDialog } from './attribute-dialog';
import { LiveStatus } from './live-status';
import { LiveTable } from './live-table';
import { visibleEntries } from './model/live-state';
import { attributeScopes, isReadOnlyEntity, isWritableScope, type TelemetryEntity } from './model/telemetry-paths';
import { useDeleteAttributes } from './telemetry-queries';
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
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ editKey?: string } | null>(null);
  const rows = useMemo(() => visibleEntries(live.entries, search), [live.entries, search]);
  const selectedKeys = [...selected].filter((key) => live.entries.has(key));

  const changeScope = (next: AttributeScope) => {
    setScope(next);
    setSelected(new Set());
  };

  const onDelete = async () => {
    const keys = selectedKeys;
    const ok = await confirmDialog({
      title: t('attribute.delete-attributes-title', { count: keys.length }),
      message: t('attribute.delete-attributes-text'),
      okText: t('action.delete'),
      cancelText: t('action.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ scope, keys });
    } catch {
      return; // the HTTP client already showed the server's message
    }
    live.removeKeys(keys);
    setSelected(new Set());
    notify({ message: t('attribute.attributes-deleted', { count: keys.length }), type: 'success' });
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
        <SelectionBar count={selectedKeys.length} onClear={() => setSelected(new Set())}>
          <Button
            size="small"
            color="error"
            startIcon={<Delete />}
            disabled={remove.isPending}
            onClick={() => void onDelete()}
          >
            {t('action.delete')}
          </Button>
        </SelectionBar>
      )}
      <LiveTable
        label={t(SCOPE_LABELS[scope])}
        rows={rows}
        loading={live.loading}
        error={live.error}
        emptyText={search ? t('attribute.no-keys-matching', { search }) : t('attribute.no-attributes-text')}
        search={search}
        onSearchChange={setSearch}
        selected={writable ? selected : undefined}
        onSelectedChange={writable ? setSelected : undefined}
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
