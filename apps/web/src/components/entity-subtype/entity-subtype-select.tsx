import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { SUBTYPE_TEXT, type SubtypeEntityType } from './subtype-model';
import { useEntitySubtypes, type SubtypeClient } from './use-entity-subtypes';

export interface EntitySubtypeSelectProps {
  entityType: SubtypeEntityType;
  client: SubtypeClient;
  /** '' means every subtype. */
  value: string;
  onChange: (value: string) => void;
  /** Already translated; the entity's "… type" label by default. */
  label?: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A filter select of the subtypes in use, led by an 'all … types' entry (spec 1-client §2.8). */
export function EntitySubtypeSelect(props: EntitySubtypeSelectProps) {
  const { t } = useTranslation();
  const text = SUBTYPE_TEXT[props.entityType];
  const { data: types = [], isLoading } = useEntitySubtypes(props.client, props.entityType);
  // A filter on a type that no longer exists stays visible, so the user sees why the table is empty.
  const shown = props.value && !types.includes(props.value) ? [props.value, ...types] : types;
  return (
    <TextField
      select
      label={props.label ?? t(text.label)}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      size={props.size ?? 'small'}
      disabled={props.disabled}
      sx={{ minWidth: 180, ...props.sx }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{t(text.allTypes)}</em>
      </MenuItem>
      {shown.map((type) => (
        <MenuItem key={type} value={type}>
          {type}
        </MenuItem>
      ))}
      {!isLoading && shown.length === 0 && (
        <MenuItem disabled value="__none__">
          {t(text.noTypes)}
        </MenuItem>
      )}
    </TextField>
  );
}
