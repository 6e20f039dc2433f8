import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../contact/date-time';
import type { LiveEntry } from './model/live-state';

const flash = keyframes`
  from { background-color: var(--flash-color); }
  to { background-color: transparent; }
`;

export interface LiveTableProps {
  label: string;
  rows: readonly LiveEntry[];
  loading: boolean;
  /** Shown instead of rows (a refused subscription). */
  error?: string | undefined;
  emptyText: string;
  search: string;
  onSearchChange: (text: string) => void;
  /** Rows can be selected (for bulk actions) when given. */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (keys: Set<string>) => void;
  /** Buttons at the end of each row. */
  rowActions?: (row: LiveEntry) => ReactNode;
}

/**
 * Key / last update time / value, updated live: a changed value flashes briefly. On phones the time
 * goes under the key so the value keeps its room.
 */
export function LiveTable(props: LiveTableProps) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const { rows, selected, onSelectedChange, rowActions } = props;
  const selectable = Boolean(selected && onSelectedChange);
  const allSelected = rows.length > 0 && rows.every((row) => selected?.has(row.key));
  const someSelected = rows.some((row) => selected?.has(row.key));

  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange?.(next);
  };
  const toggleAll = () => onSelectedChange?.(allSelected ? new Set() : new Set(rows.map((row) => row.key)));

  return (
    <Box>
      <TextField
        size="small"
        type="search"
        fullWidth
        value={props.search}
        onChange={(event) => props.onSearchChange(event.target.value)}
        placeholder={t('action.search')}
        slotProps={{
          htmlInput: { 'aria-label': t('action.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1.5 }}
      />
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Box sx={{ height: 4 }}>{props.loading && <LinearProgress aria-label={t('common.loading')} />}</Box>
        <Table
          size="small"
          aria-label={props.label}
          aria-busy={props.loading}
          // Phones: fixed shares (the value gets the room, the time goes under it); wider screens size by content.
          sx={{
            tableLayout: { xs: 'fixed', sm: 'auto' },
            // Tighter than MUI's 16 px: the drawer is narrow and the value needs the room.
            '& .MuiTableCell-root.text-cell': { px: { xs: 1, sm: 1.5 } },
          }}
        >
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox" sx={{ width: { xs: 44, sm: 48 } }}>
                  <Checkbox
                    size="small"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': t('action.select-all') } }}
                  />
                </TableCell>
              )}
              <TableCell className="text-cell" sx={{ fontWeight: 600, width: { xs: '36%', sm: 'auto' } }}>
                {t('attribute.key')}
              </TableCell>
              <TableCell
                className="text-cell"
                sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}
              >
                {t('attribute.last-update-time')}
              </TableCell>
              <TableCell className="text-cell" sx={{ fontWeight: 600 }}>
                {t('attribute.value')}
              </TableCell>
              {rowActions && (
                <TableCell
                  className="row-actions"
                  sx={{ width: { xs: 44, sm: '1%' } }}
                  aria-label={t('action.actions')}
                />
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} hover selected={selected?.has(row.key) ?? false} data-key={row.key}>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected?.has(row.key) ?? false}
                      onChange={() => toggle(row.key)}
                      slotProps={{ input: { 'aria-label': t('action.select-row', { name: row.key }) } }}
                    />
                  </TableCell>
                )}
                <TableCell className="text-cell" sx={{ overflowWrap: 'anywhere', minWidth: { sm: 160 } }}>
                  {row.key}
                </TableCell>
                <TableCell
                  className="text-cell"
                  sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}
                >
                  {formatTime(row.ts)}
                </TableCell>
                <TableCell sx={{ p: 0 }}>
                  {/* Keyed by the update number: a change remounts the box, which restarts the flash. */}
                  <Box
                    key={row.changed}
                    sx={(theme) => ({
                      '--flash-color': alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.45 : 0.25),
                      px: { xs: 1, sm: 1.5 },
                      py: 0.75,
                      fontFamily: looksLikeJson(row.value) ? 'monospace' : undefined,
                      overflowWrap: 'anywhere',
                      whiteSpace: 'pre-wrap',
                      maxHeight: 160,
                      overflowY: 'auto',
                      animation: row.changed > 0 ? `${flash} 1.6s ease-out` : 'none',
                      '@media (prefers-reduced-motion: reduce)': { animationDuration: '0.01s' },
                    })}
                  >
                    <span data-testid="live-value">{row.value}</span>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      sx={{ display: { xs: 'block', sm: 'none' }, fontFamily: (theme) => theme.typography.fontFamily }}
                    >
                      {formatTime(row.ts)}
                    </Typography>
                  </Box>
                </TableCell>
                {rowActions && (
                  <TableCell
                    className="row-actions"
                    align="right"
                    sx={{ py: 0, whiteSpace: 'nowrap', px: { xs: 0.5, sm: 1 } }}
                  >
                    {rowActions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!props.loading && !props.error && rows.length === 0 && (
          <Typography color="text.secondary" variant="body2" sx={{ textAlign: 'center', py: 3 }}>
            {props.emptyText}
          </Typography>
        )}
        {props.error && (
          <Typography color="error" variant="body2" role="alert" sx={{ textAlign: 'center', py: 3 }}>
            {props.error}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

const looksLikeJson = (value: string) => value.startsWith('{') || value.startsWith('[');
