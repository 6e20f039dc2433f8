import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../auth/auth-provider';
import type { DataKey } from '../../model/data-key';
import type { Datasource } from '../../model/datasource-query';
import type { EntityAlias } from '../../model/entity-alias';
import { DataKeyDialog } from './data-key-dialog';
import { keyOptionsFor, newDataKey, type KeyOption } from './model/data-key-options';

interface KeysResult {
  timeseries?: string[];
  attribute?: string[];
}

/** Keys the alias's entities have: suggestions for the key chips. */
function useAliasKeys(alias: EntityAlias | undefined, filter: unknown) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['dashboard-editor', 'keys', alias?.id, JSON.stringify(filter)],
    enabled: Boolean(alias && filter),
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      client.post<KeysResult>(
        '/api/entitiesQuery/find/keys?timeseries=true&attributes=true',
        { entityFilter: filter, pageLink: { pageSize: 100, page: 0 } },
        { signal, ignoreErrors: true, ignoreLoading: true },
      ),
  });
}

function DatasourceRow({
  ds,
  index,
  aliases,
  filterOf,
  onChange,
  onRemove,
}: {
  ds: Datasource;
  index: number;
  aliases: EntityAlias[];
  filterOf: (aliasId: string) => unknown;
  onChange: (ds: Datasource) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const alias = aliases.find((a) => a.id === ds.entityAliasId);
  const keysQuery = useAliasKeys(alias, alias ? filterOf(alias.id) : null);
  const keys = Array.isArray(ds.dataKeys) ? ds.dataKeys : [];
  const options = keyOptionsFor(String(ds.type), keysQuery.data ?? {});
  const [editing, setEditing] = useState<number | null>(null);
  const setKeys = (next: DataKey[]) => onChange({ ...ds, dataKeys: next });

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid={`datasource-${index}`}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('datasource.type')}
          value={ds.type}
          onChange={(e) => onChange({ ...ds, type: e.target.value, dataKeys: [] })}
          sx={{ width: 160 }}
        >
          <MenuItem value="entity">{t('datasource.type-entity')}</MenuItem>
          <MenuItem value="entityCount">{t('datasource.type-entity-count')}</MenuItem>
          <MenuItem value="function">{t('datasource.type-function')}</MenuItem>
        </TextField>
        {ds.type !== 'function' && (
          <TextField
            select
            size="small"
            label={t('datasource.entity-alias')}
            value={alias?.id ?? ''}
            onChange={(e) => onChange({ ...ds, entityAliasId: e.target.value })}
            sx={{ flex: 1, minWidth: 180 }}
            slotProps={{ htmlInput: { 'data-testid': `datasource-alias-${index}` } }}
            error={!alias}
            helperText={!alias ? t('datasource.alias-required') : undefined}
          >
            {aliases.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.alias}
              </MenuItem>
            ))}
          </TextField>
        )}
        <IconButton aria-label={t('datasource.remove')} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Box>
      <Autocomplete<KeyOption | DataKey, true, false, true>
        multiple
        freeSolo
        size="small"
        options={options}
        value={keys}
        filterSelectedOptions
        isOptionEqualToValue={(o, v) =>
          typeof o !== 'string' && typeof v !== 'string' && o.name === v.name && o.type === v.type
        }
        getOptionLabel={(o) => (typeof o === 'string' ? o : 'label' in o && o.label ? `${o.label}` : o.name)}
        groupBy={(o) => (typeof o === 'string' ? '' : t(`datakey.type-${o.type}`, { defaultValue: o.type }))}
        onChange={(_, value) =>
          setKeys(
            value.map((v, i) => {
              if (typeof v === 'string')
                return newDataKey(v, ds.type === 'function' ? 'function' : 'timeseries', keys, i);
              return 'color' in v ? (v as DataKey) : newDataKey(v.name, v.type, keys, i);
            }),
          )
        }
        renderValue={(value, getItemProps) =>
          value.map((k, i) => {
            const key = k as DataKey;
            const { key: itemKey, ...itemProps } = getItemProps({ index: i });
            return (
              <Chip
                key={itemKey}
                {...itemProps}
                size="small"
                label={`${key.label || key.name}`}
                onClick={() => setEditing(i)}
                icon={
                  <Box
                    component="span"
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: key.color, ml: '6px !important' }}
                  />
                }
                data-testid="data-key-chip"
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={ds.type === 'entityCount' ? t('datasource.count-keys') : t('datasource.data-keys')}
            placeholder={t('datasource.add-key')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `datasource-keys-${index}` },
            }}
          />
        )}
      />
      {editing !== null && keys[editing] && (
        <DataKeyDialog
          value={keys[editing]}
          onClose={() => setEditing(null)}
          onSave={(k) => {
            setKeys(keys.map((old, i) => (i === editing ? k : old)));
            setEditing(null);
          }}
        />
      )}
    </Paper>
  );
}

/** The Data tab of the widget dialog: the widget's datasources with their aliases and keys. */
export function DatasourcesEditor({
  value,
  onChange,
  aliases,
  filterOf,
  maxDatasources,
}: {
  value: Datasource[];
  onChange: (next: Datasource[]) => void;
  aliases: EntityAlias[];
  filterOf: (aliasId: string) => unknown;
  maxDatasources?: number;
}) {
  const { t } = useTranslation();
  const canAdd = maxDatasources === undefined || value.length < maxDatasources;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {value.map((ds, i) => (
        <DatasourceRow
          key={i}
          ds={ds}
          index={i}
          aliases={aliases}
          filterOf={filterOf}
          onChange={(next) => onChange(value.map((d, j) => (j === i ? next : d)))}
          onRemove={() => onChange(value.filter((_, j) => j !== i))}
        />
      ))}
      {canAdd && (
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange([...value, { type: 'entity', entityAliasId: aliases[0]?.id ?? null, dataKeys: [] }])}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="add-datasource"
        >
          {t('datasource.add')}
        </Button>
      )}
    </Box>
  );
}
