import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RelationTypeAutocomplete } from '../../../../components/relation-type-autocomplete/relation-type-autocomplete';
import type { AliasFilterFieldsProps } from './alias-filter-fields';
import { EntitySelect, EntityTypesField } from './alias-entity-fields';
import { SubtypeListField } from './subtype-list-field';
import { aliasEntityTypes, isSearchQuery, SEARCH_QUERIES } from './model/alias-filter-types';
import type { AliasForm, RelationFilterForm } from './model/alias-form';

/**
 * Relation walks (relationsQuery and the asset/device/entity-view search queries): the root (a fixed
 * entity or the dashboard state's), direction, depth, and what to keep at the end.
 */
export function AliasQueryFields(props: AliasFilterFieldsProps) {
  const { t } = useTranslation();
  const { form, onChange, errors, authority } = props;
  const set = (patch: Partial<AliasForm>) => onChange({ ...form, ...patch });
  const err = (key: string | undefined) => (key ? t(key) : undefined);
  const types = aliasEntityTypes(authority, false);

  const setFilter = (index: number, patch: Partial<RelationFilterForm>) =>
    set({ relationFilters: form.relationFilters.map((f, i) => (i === index ? { ...f, ...patch } : f)) });

  return (
    <>
      <FormControlLabel
        control={
          <Checkbox checked={form.rootStateEntity} onChange={(e) => set({ rootStateEntity: e.target.checked })} />
        }
        label={t('alias.root-state-entity')}
      />
      {form.rootStateEntity ? (
        <>
          <TextField
            label={t('alias.state-entity-parameter-name')}
            placeholder={t('alias.default-entity-parameter-name')}
            value={form.stateEntityParamName}
            onChange={(e) => set({ stateEntityParamName: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <EntitySelect
            value={form.defaultStateEntity}
            onChange={(defaultStateEntity) => set({ defaultStateEntity })}
            types={types}
            typeLabel={t('alias.default-state-entity-type')}
            label={t('alias.default-state-entity')}
            search={props.search}
          />
        </>
      ) : (
        <EntitySelect
          value={form.rootEntity}
          onChange={(rootEntity) => set({ rootEntity })}
          types={aliasEntityTypes(authority, true)}
          typeLabel={t('alias.root-entity-type')}
          label={t('alias.root-entity')}
          required
          error={err(errors.rootEntity)}
          search={props.search}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('relation.direction')}
          value={form.direction}
          onChange={(e) => set({ direction: e.target.value === 'TO' ? 'TO' : 'FROM' })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="FROM">{t('alias.direction-from')}</MenuItem>
          <MenuItem value="TO">{t('alias.direction-to')}</MenuItem>
        </TextField>
        <TextField
          label={t('alias.max-relation-level')}
          placeholder={t('alias.unlimited-level')}
          value={form.maxLevel}
          onChange={(e) => set({ maxLevel: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(errors.maxLevel)}
          helperText={err(errors.maxLevel)}
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox checked={form.fetchLastLevelOnly} onChange={(e) => set({ fetchLastLevelOnly: e.target.checked })} />
        }
        label={t('alias.last-level-relation')}
      />
      {isSearchQuery(form.type) ? (
        <>
          <RelationTypeAutocomplete value={form.relationType} onChange={(relationType) => set({ relationType })} />
          <SubtypeListField
            entityType={SEARCH_QUERIES[form.type].entityType}
            client={props.client}
            value={form.subtypes}
            onChange={(subtypes) => set({ subtypes })}
            required
            error={err(errors.subtypes)}
          />
        </>
      ) : (
        <Stack spacing={1}>
          <Typography variant="subtitle2">{t('alias.relation-filters')}</Typography>
          {form.relationFilters.map((filter, index) => (
            <Paper key={index} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <RelationTypeAutocomplete
                    value={filter.relationType}
                    onChange={(relationType) => setFilter(index, { relationType })}
                  />
                </Stack>
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <EntityTypesField
                    value={filter.entityTypes}
                    onChange={(entityTypes) => setFilter(index, { entityTypes })}
                    types={types}
                    label={t('alias.entity-types')}
                  />
                </Stack>
                <IconButton
                  aria-label={t('action.delete')}
                  onClick={() => set({ relationFilters: form.relationFilters.filter((_, i) => i !== index) })}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Paper>
          ))}
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => set({ relationFilters: [...form.relationFilters, { relationType: '', entityTypes: [] }] })}
          >
            {t('alias.add-relation-filter')}
          </Button>
        </Stack>
      )}
    </>
  );
}
