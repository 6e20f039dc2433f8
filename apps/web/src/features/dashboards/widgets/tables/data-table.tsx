import FileDownload from '@mui/icons-material/FileDownload';
import Search from '@mui/icons-material/Search';
import ViewColumn from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { csvFileName, downloadCsv } from '../../../bulk-import/csv-export';
import { PAGE_SIZES } from '../../../../lib/page-link';
import {
  csvColumns,
  pageRows,
  searchRows,
  sortRows,
  type TableColumn,
  type TableRow as Row,
  type TableSort,
} from './table-model';

export interface DataTableOptions {
  enableSearch: boolean;
  enableSelectColumnDisplay: boolean;
  displayPagination: boolean;
  defaultPageSize: number;
}

export interface DataTableProps {
  columns: readonly TableColumn[];
  rows: readonly Row[];
  initialSort: TableSort | null;
  options: DataTableOptions;
  /** CSV file name start, e.g. the widget title. */
  exportName: string;
  /** Shown left of the tools (the timeseries table's entity tabs, a title). */
  header?: ReactNode;
  onRowClick?: ((row: Row) => void) | undefined;
  /** A narrow widget box (not screen): the page-size select gives way to the page arrows. */
  compact?: boolean;
}

/**
 * A widget's client-side table: sortable headers, text search, paging, column choice and CSV export
 * of what the search leaves. The header row sticks and wide tables scroll sideways inside the box.
 */
export function DataTable({
  columns,
  rows,
  initialSort,
  options,
  exportName,
  header,
  onRowClick,
  compact = false,
}: DataTableProps) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<TableSort | null>(initialSort);
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(Math.max(1, options.defaultPageSize));
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [columnsMenu, setColumnsMenu] = useState<HTMLElement | null>(null);

  const shown = useMemo(() => columns.filter((c) => !hidden.has(c.id)), [columns, hidden]);
  const sorted = useMemo(
    () => sortRows(searchRows(rows, shown, search), sort, i18n.language.replace('_', '-')),
    [rows, shown, search, sort, i18n.language],
  );
  const paged = options.displayPagination ? pageRows(sorted, page, pageSize) : { rows: sorted, page: 0 };
  const sizes = [...new Set([...PAGE_SIZES, pageSize])].sort((a, b) => a - b);

  const sortBy = (column: string) =>
    setSort((current) => ({
      column,
      direction: current?.column === column && current.direction === 'asc' ? 'desc' : 'asc',
    }));
  const toggleColumn = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      // At least one column stays: an empty table says nothing.
      else if (shown.length > 1) next.add(id);
      return next;
    });

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, minHeight: 40, flexShrink: 0 }}>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
          {searching ? (
            <TextField
              size="small"
              variant="standard"
              autoFocus
              fullWidth
              value={search}
              placeholder={t('action.search')}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
              onBlur={() => search === '' && setSearching(false)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
                htmlInput: { 'aria-label': t('action.search') },
              }}
            />
          ) : (
            header
          )}
        </Box>
        {options.enableSearch && !searching && (
          <Tooltip title={t('action.search')}>
            <IconButton size="small" aria-label={t('action.search')} onClick={() => setSearching(true)}>
              <Search fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {options.enableSelectColumnDisplay && (
          <Tooltip title={t('widget-table.columns')}>
            <IconButton
              size="small"
              aria-label={t('widget-table.columns')}
              onClick={(event) => setColumnsMenu(event.currentTarget)}
            >
              <ViewColumn fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('import.export-csv')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('import.export-csv')}
              disabled={sorted.length === 0}
              onClick={() => downloadCsv(csvFileName(exportName || 'table'), sorted, csvColumns(shown))}
            >
              <FileDownload fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Menu anchorEl={columnsMenu} open={Boolean(columnsMenu)} onClose={() => setColumnsMenu(null)}>
        {columns.map((c) => (
          <MenuItem key={c.id} dense onClick={() => toggleColumn(c.id)}>
            <Checkbox size="small" checked={!hidden.has(c.id)} sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={c.label} />
          </MenuItem>
        ))}
      </Menu>
      <TableContainer sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {shown.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.numeric ? 'right' : 'left'}
                  sortDirection={sort?.column === c.id ? sort.direction : false}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...(c.width ? { width: c.width } : {}) }}
                >
                  <TableSortLabel
                    active={sort?.column === c.id}
                    direction={sort?.column === c.id ? sort.direction : 'asc'}
                    onClick={() => sortBy(c.id)}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {paged.rows.map((row) => (
              <TableRow
                key={row.id}
                hover
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {shown.map((c) => (
                  <TableCell key={c.id} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                    {row.texts[c.id] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {paged.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={shown.length} align="center" sx={{ color: 'text.secondary', py: 3 }}>
                  {t('widget-table.no-matching-rows')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {options.displayPagination && (
        <TablePagination
          component="div"
          count={sorted.length}
          page={paged.page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={sizes}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('grid.items-per-page')}
          labelDisplayedRows={({ from, to, count }) => t('grid.displayed-rows', { from, to, count })}
          sx={{
            flexShrink: 0,
            overflow: 'hidden',
            '& .MuiTablePagination-toolbar': { minHeight: 40, pl: 1 },
            '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': compact ? { display: 'none' } : {},
            '& .MuiTablePagination-actions': { ml: 1 },
          }}
        />
      )}
    </Box>
  );
}
