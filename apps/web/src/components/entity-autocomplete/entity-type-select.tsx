import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { entityTypeKeys, type PickableEntityType } from './entity-types';

export interface EntityTypeSelectProps {
  value: string | null;
  onChange: (type: PickableEntityType) => void;
  /** The choices, usually allowedEntityTypes(authority, …). */
  types: readonly PickableEntityType[];
  label?: string;
  required?: boolean;
  showErrors?: boolean;
  disabled?: boolean;
  name?: string;
}

/** Entity type choice limited to what the role may pick (spec 1-client §6); 'entity.type-required'. */
export function EntityTypeSelect(props: EntityTypeSelectProps) {
  const { t } = useTranslation();
  const missing = props.required && !props.value && props.showErrors;
  return (
    <TextField
      select
      name={props.name ?? 'entityType'}
      label={props.label ?? t('entity.entity-type')}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value as PickableEntityType)}
      required={props.required}
      disabled={props.disabled}
      error={Boolean(missing)}
      helperText={missing ? t('entity.type-required') : undefined}
    >
      {props.types.map((type) => {
        const keys = entityTypeKeys(type);
        return (
          <MenuItem key={type} value={type}>
            {keys ? t(keys.one) : type}
          </MenuItem>
        );
      })}
    </TextField>
  );
}
