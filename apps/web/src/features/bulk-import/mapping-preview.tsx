import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  columnTypes,
  isAttribute,
  type ColumnMapping,
  type ColumnType,
  type ImportEntityType,
  type MappingError,
} from './model/column-mapping';
import type { ImportTable } from './model/import-table';

/** Rows shown under the mapping: enough to recognise the columns. */
export const PREVIEW_ROWS = 5;

export const COLUMN_TYPE_KEYS: Record<ColumnType, string> = {
  NAME: 'import.column.name',
  TYPE: 'import.column.type',
  LABEL: 'import.column.label',
  DESCRIPTION: 'import.column.description',
  ACCESS_TOKEN: 'import.column.access-token',
  IS_GATEWAY: 'import.column.is-gateway',
  SHARED_ATTRIBUTE: 'import.column.shared-attribute',
  SERVER_ATTRIBUTE: 'import.column.server-attribute',
  SKIP: 'import.column.skip',
};

export interface MappingPreviewProps {
  entityType: ImportEntityType;
  table: ImportTable;
  columns: readonly ColumnMapping[];
  onChange: (index: number, mapping: ColumnMapping) => void;
  /** Shown once an import was tried. */
  errors: readonly MappingError[];
  disabled?: boolean;
}

/** The first rows of the file under one mapping control per column (what it is, and its key). */
export function MappingPreview({ entityType, table, columns, onChange, errors, disabled }: MappingPreviewProps) {
  const { t } = useTranslation();
  const choices = columnTypes(entityType);
  const keyError = (index: number) => {
    const error = errors.find((e) => 'column' in e && e.column === index);
    if (!error) return undefined;
    return error.code === 'import.attribute-key-duplicate'
      ? t('import.attribute-key-duplicate', { key: error.key })
      : t('import.attribute-key-required');
  };
  const typeError = (type: ColumnType) => errors.some((e) => e.code === 'import.column-used-twice' && e.type === type);
  const preview = table.rows.slice(0, PREVIEW_ROWS);

  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label={t('import.preview')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56, fontWeight: 600 }}>{t('import.line')}</TableCell>
              {columns.map((column, index) => (
                <TableCell key={index} sx={{ minWidth: 190, verticalAlign: 'top' }}>
                  <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block', mb: 1 }}>
                    {table.header?.[index] || t('import.column-number', { number: index + 1 })}
                  </Typography>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('import.column-maps-to')}
                    value={column.type}
                    disabled={disabled}
                    error={typeError(column.type)}
                    helperText={typeError(column.type) ? t('import.column-used-twice') : undefined}
                    onChange={(event) => onChange(index, { ...column, type: event.target.value as ColumnType })}
                    // The visible label is the same in every column; the accessible name says which column.
                    slotProps={{
                      select: {
                        SelectDisplayProps: {
                          'aria-labelledby': undefined,
                          'aria-label': t('import.column-mapping', { number: index + 1 }),
                        } as object,
                      },
                    }}
                  >
                    {choices.map((type) => (
                      <MenuItem key={type} value={type}>
                        {t(COLUMN_TYPE_KEYS[type])}
                      </MenuItem>
                    ))}
                  </TextField>
                  {isAttribute(column.type) && (
                    <TextField
                      size="small"
                      fullWidth
                      sx={{ mt: 1 }}
                      label={t('import.attribute-key')}
                      value={column.key}
                      disabled={disabled}
                      error={Boolean(keyError(index))}
                      helperText={keyError(index)}
                      onChange={(event) => onChange(index, { ...column, key: event.target.value })}
                      slotProps={{ htmlInput: { maxLength: 255 } }}
                    />
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.map((row) => (
              <TableRow key={row.line}>
                <TableCell sx={{ color: 'text.secondary' }}>{row.line}</TableCell>
                {columns.map((column, index) => (
                  <TableCell
                    key={index}
                    sx={{
                      maxWidth: 240,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      color: column.type === 'SKIP' ? 'text.disabled' : undefined,
                    }}
                  >
                    {row.cells[index] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
