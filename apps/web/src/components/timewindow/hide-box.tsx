import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The edit-mode "Hide" box beside a section: ticking it disables the section for viewers. */
export function HideBox({ checked, onChange }: { checked: boolean; onChange: (hide: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={{ mr: 0, flexShrink: 0 }}
      control={<Checkbox size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={<Typography variant="caption">{t('timewindow.hide')}</Typography>}
    />
  );
}
