import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DELIMITERS } from './model/column-mapping';

const DELIMITER_KEYS: Record<(typeof DELIMITERS)[number], string> = {
  ',': 'import.delimiter-comma',
  ';': 'import.delimiter-semicolon',
  '|': 'import.delimiter-pipe',
  '\t': 'import.delimiter-tab',
};

export interface ImportOptionsProps {
  /** The delimiter only means something for CSV; spreadsheets have cells. */
  isCsv: boolean;
  hasHeader: boolean;
  onHeader: (value: boolean) => void;
  delimiter: string;
  onDelimiter: (value: string) => void;
  update: boolean;
  onUpdate: (value: boolean) => void;
  rowCount: number;
}

/** How to read the file (header row, delimiter) and whether rows naming an existing entity update it. */
export function ImportOptions(props: ImportOptionsProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
      useFlexGap
    >
      {props.isCsv && (
        <TextField
          select
          size="small"
          label={t('import.delimiter')}
          value={props.delimiter}
          onChange={(event) => props.onDelimiter(event.target.value)}
          sx={{ minWidth: 160 }}
        >
          {DELIMITERS.map((delimiter) => (
            <MenuItem key={delimiter} value={delimiter}>
              {t(DELIMITER_KEYS[delimiter])}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormControlLabel
        control={<Switch checked={props.hasHeader} onChange={(event) => props.onHeader(event.target.checked)} />}
        label={t('import.header-row')}
      />
      <FormControlLabel
        control={<Switch checked={props.update} onChange={(event) => props.onUpdate(event.target.checked)} />}
        label={t('import.update-existing')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
        {t('import.row-count', { count: props.rowCount })}
      </Typography>
    </Stack>
  );
}
