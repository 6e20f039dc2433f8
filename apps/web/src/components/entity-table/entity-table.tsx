import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type PageData, type PageLink, type SortOrder } from '../../lib/page-link';

export interface Column<T> {
  id: string;
  /** Already translated header text. */
  label: string;
  /** Server sort property; set when the column can be sorted. */
  sortProperty?: string;
  render: (row: T) => ReactNode;
  /** Hidden on screens narrower than this breakpoint (phones see the key columns only). */
  hideBelow?: Breakpoint;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface RowAction<T> {
  id: string;
  /** Already translated; shown as tooltip and aria-label. */
  label: string;
  icon: ReactNode;
  onClick: (row: T) => void;
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
}

/** Rows picked for a bulk action, kept across pages (id → row). */
export interface TableSelection<T> {
  selected: ReadonlyMap<string, T>;
  onChange: (next: Map<string, T>) => void;
  /** Rows that cannot be picked (e.g. already assigned); all can by default. */
  isSelectable?: (row: T) => boolean;
  /** Names the row's checkbox for screen readers and tests (e.g. the device name). */
  rowLabel?: (row: T) => string;
}

export interface Sort {
  property: string;
  direction: SortOrder;
}

export interface EntityTableProps<T> {
  /** Base query key; the page link is appended, so invalidating the base refreshes every page. */
  queryKey: readonly unknown[];
  fetchPage: (link: PageLink, signal: AbortSignal) => Promise<PageData<T>>;
  rowId: (row: T) => string;
  columns: readonly Column<T>[];
  defaultSort: Sort;
  searchText?: string;
  actions?: readonly RowAction<T>[];
  onRowClick?: (row: T) => void;
  selectedId?: string | undefined;
  /** Already translated text for an empty table. */
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
  /** Adds a checkbox column for bulk actions. */
  selection?: TableSelection<T>;
}

const hiddenBelow = (breakpoint?: Breakpoint) =>
  breakpoint ? { display: { xs: 'none', [breakpoint]: 'table-cell' } } : undefined;

/**
 * A server-paged, sortable table (ThingsBoard's page link), with per-row action buttons. Search
 * text comes from the shell's search box; a new search goes back to the first page.
 */
export function EntityTable<T>(props: EntityTableProps<T>) {
  const { t } = useTranslation();
  const { columns, actions = [], searchText = '' } = props;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [sort, setSort] = useState<Sort>(props.defaultSort);

  useEffect(() => setPage(0), [searchText]);

  const link: PageLink = {
    page,
    pageSize,
    textSearch: searchText,
    sortProperty: sort.property,
    sortOrder: sort.direction,
  };
  const query = useQuery({
    queryKey: [...props.queryKey, link],
    queryFn: ({ signal }) => props.fetchPage(link, signal),
    placeholderData: keepPreviousData,
  });

  // Deleting the last row of the last page leaves an empty page: step back.
  const total = query.data?.totalElements ?? 0;
  useEffect(() => {
    if (query.data && page > 0 && page * pageSize >= total) setPage(Math.max(0, Math.ceil(total / pageSize) - 1));
  }, [query.data, page, pageSize, total]);

  const toggleSort = (property: string) =>
    setSort((current) => ({
      property,
      direction: current.property === property && current.direction === 'ASC' ? 'DESC' : 'ASC',
    }));

  const rows = query.data?.data ?? [];
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <TableContainer>
        <Table size="medium" aria-label={props.label} aria-busy={query.isFetching}>
          <TableHead>
            <TableRow>
              {props.selection && (
                <TableCell padding="checkbox">
                  <PageCheckbox
                    rows={rows}
                    rowId={props.rowId}
                    selection={props.selection}
                    label={t('action.select-all')}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: column.width, ...hiddenBelow(column.hideBelow) }}
                  sortDirection={
                    sort.property === column.sortProperty ? (sort.direction === 'ASC' ? 'asc' : 'desc') : false
                  }
                >
                  {column.sortProperty ? (
                    <TableSortLabel
                      active={sort.property === column.sortProperty}
                      direction={sort.property === column.sortProperty && sort.direction === 'DESC' ? 'desc' : 'asc'}
                      onClick={() => toggleSort(column.sortProperty ?? column.id)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
              {actions.length > 0 && <TableCell sx={{ width: '1%' }} aria-label={t('action.actions')} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const id = props.rowId(row);
              return (
                <TableRow
                  key={id}
                  hover
                  selected={props.selectedId === id}
                  onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                  sx={{ cursor: props.onRowClick ? 'pointer' : undefined }}
                >
                  {props.selection && (
                    <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        checked={props.selection.selected.has(id)}
                        disabled={props.selection.isSelectable ? !props.selection.isSelectable(row) : false}
                        onChange={(event) => {
                          const next = new Map(props.selection?.selected);
                          if (event.target.checked) next.set(id, row);
                          else next.delete(id);
                          props.selection?.onChange(next);
                        }}
                        slotProps={{
                          input: {
                            'aria-label': t('action.select-row', { name: props.selection.rowLabel?.(row) ?? id }),
                          },
                        }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={{ overflowWrap: 'anywhere', ...hiddenBelow(column.hideBelow) }}
                    >
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {actions.length > 0 && (
                    <TableCell
                      align="right"
                      sx={{ whiteSpace: 'nowrap', py: 0.5 }}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {actions
                        .filter((action) => !action.hidden?.(row))
                        .map((action) => (
                          <Tooltip key={action.id} title={action.label}>
                            <span>
                              <IconButton
                                size="small"
                                aria-label={action.label}
                                disabled={action.disabled?.(row) ?? false}
                                onClick={() => action.onClick(row)}
                              >
                                {action.icon}
                              </IconButton>
                            </span>
                          </Tooltip>
                        ))}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {query.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {props.emptyText}
        </Typography>
      )}
      {query.isError && (
        <Typography color="error" sx={{ textAlign: 'center', py: 6 }}>
          {query.error.message}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('grid.items-per-page')}
        // Phones: drop the label so the page arrows fit.
        sx={{
          '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
          '& .MuiTablePagination-toolbar': { pl: { xs: 1, sm: 2 } },
          '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        }}
        labelDisplayedRows={({ from, to, count }) => t('grid.displayed-rows', { from, to, count })}
      />
    </Paper>
  );
}

/** Selects or clears every selectable row of the page shown. */
function PageCheckbox<T>({
  rows,
  rowId,
  selection,
  label,
}: {
  rows: readonly T[];
  rowId: (row: T) => string;
  selection: TableSelection<T>;
  label: string;
}) {
  const selectable = rows.filter((row) => selection.isSelectable?.(row) ?? true);
  const picked = selectable.filter((row) => selection.selected.has(rowId(row))).length;
  const all = selectable.length > 0 && picked === selectable.length;
  return (
    <Checkbox
      checked={all}
      indeterminate={picked > 0 && !all}
      disabled={selectable.length === 0}
      onChange={() => {
        const next = new Map(selection.selected);
        for (const row of selectable) {
          if (all) next.delete(rowId(row));
          else next.set(rowId(row), row);
        }
        selection.onChange(next);
      }}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
