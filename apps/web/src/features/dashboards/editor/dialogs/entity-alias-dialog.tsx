import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Authority } from '@sapo/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/entity-form/form-dialog';
import { useAuth } from '../../../auth/auth-provider';
import { useEntitySearch } from '../../../relations/entity-search';
import type { EntityAlias } from '../../model/entity-alias';
import { AliasFilterFields } from './alias-filter-fields';
import {
  aliasFilterTypes,
  FILTER_TYPE_KEYS,
  SINGLE_ENTITY_FILTERS,
  type AliasFilterType,
} from './model/alias-filter-types';
import { aliasToForm, emptyAliasForm, formToAlias, type AliasForm } from './model/alias-form';
import { changeFilterType, hasAliasErrors, validateAliasForm } from './model/alias-validation';

export interface EntityAliasDialogProps {
  /** The alias to edit; a new one when absent. */
  value?: EntityAlias;
  /** The dashboard's other aliases (names must be unique). */
  aliases: readonly EntityAlias[];
  /** The signed-in user's authority: which entity and filter types may be used. */
  authority: Authority;
  onSave: (alias: EntityAlias) => void;
  onClose: () => void;
}

/** Add or edit one entity alias: its name, filter type and the filter's fields (ThingsBoard 3.2 JSON). */
export function EntityAliasDialog(props: EntityAliasDialogProps) {
  const { t } = useTranslation();
  const { client } = useAuth();
  const search = useEntitySearch();
  const [form, setForm] = useState<AliasForm>(() => (props.value ? aliasToForm(props.value) : emptyAliasForm()));
  const [tried, setTried] = useState(false);
  const errors = validateAliasForm(form, {
    authority: props.authority,
    aliases: props.aliases,
    ownId: props.value?.id,
  });
  // Messages appear once a save was tried, except the name's (a duplicate is worth knowing at once).
  const shown = tried ? errors : errors.alias === 'alias.duplicate-alias' ? { alias: errors.alias } : {};
  const types = aliasFilterTypes(props.authority);
  // A stored type the role may not use stays visible, so the user sees why it cannot be saved.
  const listed = form.type && !types.includes(form.type) ? [form.type, ...types] : types;

  const submit = () => {
    setTried(true);
    if (hasAliasErrors(errors)) return;
    props.onSave(formToAlias(form, props.value?.id ?? crypto.randomUUID(), props.value));
  };

  return (
    <FormDialog
      open
      title={t(props.value ? 'alias.edit' : 'alias.add')}
      onClose={props.onClose}
      onSubmit={submit}
      submitText={t(props.value ? 'action.save' : 'action.add')}
      maxWidth="md"
    >
      <TextField
        name="alias"
        label={t('alias.name')}
        required
        autoFocus
        value={form.alias}
        onChange={(e) => setForm({ ...form, alias: e.target.value })}
        error={Boolean(shown.alias)}
        helperText={shown.alias ? t(shown.alias) : undefined}
      />
      <TextField
        select
        name="filterType"
        label={t('alias.filter-type')}
        required
        value={form.type}
        onChange={(e) => setForm(changeFilterType(form, e.target.value as AliasFilterType))}
        error={Boolean(shown.type)}
        helperText={shown.type ? t(shown.type) : undefined}
      >
        {listed.map((type) => (
          <MenuItem key={type} value={type}>
            {t(FILTER_TYPE_KEYS[type])}
          </MenuItem>
        ))}
      </TextField>
      <AliasFilterFields
        form={form}
        onChange={setForm}
        errors={shown}
        authority={props.authority}
        search={search}
        client={client}
      />
      {form.type && !SINGLE_ENTITY_FILTERS.includes(form.type) && (
        <FormControlLabel
          control={
            <Checkbox
              checked={form.resolveMultiple}
              onChange={(e) => setForm({ ...form, resolveMultiple: e.target.checked })}
            />
          }
          label={t('alias.resolve-multiple')}
        />
      )}
    </FormDialog>
  );
}
