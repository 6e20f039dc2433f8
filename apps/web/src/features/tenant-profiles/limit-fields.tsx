import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIMIT_GROUPS, type LimitKey } from './model/tenant-profile-form';

export interface LimitFieldsProps {
  limits: Record<LimitKey, string>;
  onChange: (key: LimitKey, value: string) => void;
  fieldError: (field: string) => string | undefined;
  disabled?: boolean;
}

/** The profile's limits as a grid of number fields, grouped; 0 means unlimited. */
export function LimitFields({ limits, onChange, fieldError, disabled }: LimitFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {LIMIT_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`limits-${group.id}`}>
          <Typography
            id={`limits-${group.id}`}
            variant="subtitle2"
            component="h3"
            color="text.secondary"
            sx={{ mb: 1.5 }}
          >
            {t(`tenant-profile.limit-group.${group.id}`)}
          </Typography>
          <Grid container spacing={2}>
            {group.keys.map((key: LimitKey) => {
              const error = fieldError(key);
              return (
                <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                  <TextField
                    name={key}
                    label={t(`tenant-profile.limit.${key}`)}
                    value={limits[key]}
                    onChange={(event) => onChange(key, event.target.value)}
                    disabled={disabled}
                    error={Boolean(error)}
                    helperText={error ?? t('tenant-profile.unlimited-hint')}
                    slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 16 } }}
                    fullWidth
                  />
                </Grid>
              );
            })}
          </Grid>
        </section>
      ))}
    </>
  );
}
