import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type {
  AlarmConditionFilter,
  AlarmConditionKeyType,
  DynamicValueSourceType,
  EntityKeyValueType,
  KeyFilterPredicate,
} from '@sapo/common';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_KEY_TYPES,
  DYNAMIC_SOURCES,
  keyFilterProblem,
  operationsFor,
  VALUE_TYPES,
  withValueType,
} from './model/alarm-rules-model';

type SimplePredicate = Exclude<KeyFilterPredicate, { type: 'COMPLEX' }>;

export interface KeyFilterRowProps {
  filter: AlarmConditionFilter;
  onChange: (filter: AlarmConditionFilter) => void;
  onRemove: () => void;
  showErrors: boolean;
}

/** One key filter of an alarm condition: which key, its type, and the comparison (reference §8). */
export function KeyFilterRow({ filter, onChange, onRemove, showErrors }: KeyFilterRowProps) {
  const { t } = useTranslation();
  const problem = showErrors ? keyFilterProblem(filter) : null;
  const predicate = filter.predicate;
  const setPredicate = (next: SimplePredicate) => onChange({ ...filter, predicate: next });
  const dynamic = predicate.type === 'COMPLEX' ? null : (predicate.value.dynamicValue ?? null);

  const valueInput = (p: SimplePredicate) => {
    if (p.type === 'BOOLEAN')
      return (
        <TextField
          select
          size="small"
          label={t('filter.value')}
          value={String(p.value.defaultValue)}
          onChange={(e) => setPredicate({ ...p, value: { ...p.value, defaultValue: e.target.value === 'true' } })}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="true">{t('value.true')}</MenuItem>
          <MenuItem value="false">{t('value.false')}</MenuItem>
        </TextField>
      );
    const numeric = p.type === 'NUMERIC';
    return (
      <TextField
        size="small"
        name="filterValue"
        label={dynamic?.sourceType ? t('filter.default-value') : t('filter.value')}
        type={numeric ? 'number' : 'text'}
        value={String(p.value.defaultValue ?? '')}
        onChange={(e) => {
          const raw = e.target.value;
          const defaultValue = numeric ? (raw === '' ? ('' as unknown as number) : Number(raw)) : raw;
          setPredicate({ ...p, value: { ...p.value, defaultValue } } as SimplePredicate);
        }}
        error={problem === 'filter.value-must-be-number'}
        sx={{ minWidth: 110, flex: 1 }}
      />
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="key-filter">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('filter.key-type')}
          value={filter.key.type}
          onChange={(e) =>
            onChange({ ...filter, key: { ...filter.key, type: e.target.value as AlarmConditionKeyType } })
          }
          sx={{ minWidth: 140 }}
        >
          {CONDITION_KEY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`filter.key-type-${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {filter.key.type !== 'CONSTANT' && (
          <TextField
            size="small"
            name="keyName"
            label={t('filter.key-name')}
            value={filter.key.key}
            onChange={(e) => onChange({ ...filter, key: { ...filter.key, key: e.target.value } })}
            error={problem === 'filter.key-name-required'}
            helperText={problem === 'filter.key-name-required' ? t(problem) : undefined}
            sx={{ flex: 1, minWidth: 120 }}
          />
        )}
        {filter.key.type === 'CONSTANT' && (
          <TextField
            size="small"
            label={t('filter.constant-value')}
            value={String(filter.value ?? '')}
            onChange={(e) =>
              onChange({ ...filter, value: filter.valueType === 'NUMERIC' ? Number(e.target.value) : e.target.value })
            }
            sx={{ flex: 1, minWidth: 120 }}
          />
        )}
        <TextField
          select
          size="small"
          label={t('filter.value-type')}
          value={filter.valueType}
          onChange={(e) => onChange(withValueType(filter, e.target.value as EntityKeyValueType))}
          sx={{ minWidth: 120 }}
        >
          {VALUE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`filter.value-type-${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t('filter.remove-key-filter')}>
          <IconButton
            aria-label={t('filter.remove-key-filter')}
            onClick={onRemove}
            sx={{ alignSelf: { xs: 'flex-end', md: 'center' } }}
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
      {predicate.type === 'COMPLEX' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('filter.complex-predicate-kept')}
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mt: 1.5, alignItems: { md: 'center' } }}>
          <TextField
            select
            size="small"
            name="operation"
            label={t('filter.operation')}
            value={predicate.operation}
            onChange={(e) => setPredicate({ ...predicate, operation: e.target.value } as SimplePredicate)}
            sx={{ minWidth: 170 }}
          >
            {operationsFor(filter.valueType).map((op) => (
              <MenuItem key={op} value={op}>
                {t(`filter.operation-${op}`)}
              </MenuItem>
            ))}
          </TextField>
          {valueInput(predicate)}
          <TextField
            select
            size="small"
            label={t('filter.dynamic-source-type')}
            value={dynamic?.sourceType ?? ''}
            onChange={(e) => {
              const sourceType = e.target.value as DynamicValueSourceType | '';
              const dynamicValue = sourceType
                ? { sourceType, sourceAttribute: dynamic?.sourceAttribute ?? '', inherit: dynamic?.inherit ?? false }
                : null;
              setPredicate({ ...predicate, value: { ...predicate.value, dynamicValue } } as SimplePredicate);
            }}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('filter.no-dynamic-value')}</MenuItem>
            {DYNAMIC_SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {t(`filter.dynamic-source-${source}`)}
              </MenuItem>
            ))}
          </TextField>
          {dynamic?.sourceType && (
            <>
              <TextField
                size="small"
                name="sourceAttribute"
                label={t('filter.source-attribute')}
                value={dynamic.sourceAttribute}
                onChange={(e) =>
                  setPredicate({
                    ...predicate,
                    value: { ...predicate.value, dynamicValue: { ...dynamic, sourceAttribute: e.target.value } },
                  } as SimplePredicate)
                }
                error={problem === 'filter.dynamic-source-attribute-required'}
                helperText={problem === 'filter.dynamic-source-attribute-required' ? t(problem) : undefined}
                sx={{ flex: 1, minWidth: 120 }}
              />
              {dynamic.sourceType !== 'CURRENT_TENANT' && (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(dynamic.inherit)}
                      onChange={(e) =>
                        setPredicate({
                          ...predicate,
                          value: { ...predicate.value, dynamicValue: { ...dynamic, inherit: e.target.checked } },
                        } as SimplePredicate)
                      }
                    />
                  }
                  label={t('filter.inherit-owner')}
                />
              )}
            </>
          )}
          {predicate.type === 'STRING' && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(predicate.ignoreCase)}
                  onChange={(e) => setPredicate({ ...predicate, ignoreCase: e.target.checked })}
                />
              }
              label={t('filter.ignore-case')}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
