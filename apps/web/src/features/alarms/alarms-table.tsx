import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Clear from '@mui/icons-material/Clear';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../lib/page-link';
import { useDateTimeFormat } from '../contact/date-time';
import { AlarmStatusChip, SeverityChip } from './alarm-chips';
import type { AlarmAction } from './alarms-queries';
import { canAcknowledge, canClear, entityTypeLabelKey, severityColor } from './model/alarm-display';
import type { AlarmRow } from './model/alarm-live';
import type { AlarmPageRequest, AlarmSortColumn } from './model/alarm-query';

export interface AlarmsTableProps {
  rows: readonly AlarmRow[];
  total: number;
  request: AlarmPageRequest;
  onRequestChange: (next: AlarmPageRequest) => void;
  selected: ReadonlyMap<string, AlarmRow>;
  onSelectedChange: (next: Map<string, AlarmRow>) => void;
  onOpen: (row: AlarmRow) => void;
  onAction: (action: AlarmAction, rows: AlarmRow[]) => void;
  busy: boolean;
  fetching: boolean;
  error: string | undefined;
  /** The center names each alarm's originator; an entity's own tab need not. */
  showOriginator: boolean;
  emptyText: string;
  /** Cards instead of a table on any screen (a narrow drawer); phones always get cards. */
  cards?: boolean;
}

interface ColumnDef {
  id: AlarmSortColumn;
  label: string;
  render: (row: AlarmRow) => ReactNode;
}

/** Alarms as a sortable, paged table with checkboxes (cards on phones), fed by the caller. */
export function AlarmsTable(props: AlarmsTableProps) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm')) || props.cards === true;
  const { rows, request, selected } = props;

  const columns: ColumnDef[] = [
    {
      id: 'createdTime',
      label: t('alarm.created-time'),
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.createdTime)}</span>,
    },
    ...(props.showOriginator
      ? [
          {
            id: 'originatorName' as const,
            label: t('alarm.originator'),
            render: (row: AlarmRow) => <Originator row={row} />,
          },
        ]
      : []),
    { id: 'type', label: t('alarm.type'), render: (row) => row.type },
    { id: 'severity', label: t('alarm.severity'), render: (row) => <SeverityChip severity={row.severity} /> },
    { id: 'status', label: t('alarm.status'), render: (row) => <AlarmStatusChip status={row.status} /> },
  ];

  const toggle = (row: AlarmRow, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(row.id.id, row);
    else next.delete(row.id.id);
    props.onSelectedChange(next);
  };
  const picked = rows.filter((row) => selected.has(row.id.id)).length;
  const all = rows.length > 0 && picked === rows.length;
  const togglePage = () => {
    const next = new Map(selected);
    for (const row of rows) {
      if (all) next.delete(row.id.id);
      else next.set(row.id.id, row);
    }
    props.onSelectedChange(next);
  };
  const sortBy = (column: AlarmSortColumn) =>
    props.onRequestChange({
      ...request,
      page: 0,
      sortProperty: column,
      sortOrder: request.sortProperty === column && request.sortOrder === 'DESC' ? 'ASC' : 'DESC',
    });

  const rowActions = (row: AlarmRow) => (
    <Stack direction="row" spacing={0.25} onClick={(event) => event.stopPropagation()}>
      {canAcknowledge(row.status) ? (
        <Tooltip title={t('alarm.acknowledge')}>
          <IconButton
            size="small"
            disabled={props.busy}
            aria-label={`${t('alarm.acknowledge')}: ${row.type}`}
            onClick={() => props.onAction('ack', [row])}
          >
            <DoneAll fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <ActionSpacer />
      )}
      {canClear(row.status) ? (
        <Tooltip title={t('alarm.clear')}>
          <IconButton
            size="small"
            disabled={props.busy}
            aria-label={`${t('alarm.clear')}: ${row.type}`}
            onClick={() => props.onAction('clear', [row])}
          >
            <Clear fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <ActionSpacer />
      )}
    </Stack>
  );

  const rowLabel = (row: AlarmRow) =>
    t('action.select-row', { name: `${row.type} ${row.originatorName ?? ''}`.trim() });

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{props.fetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
      {phone ? (
        <Stack spacing={1} sx={{ p: 1 }} role="list" aria-label={t('alarm.alarms')}>
          {rows.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 0.5 }}>
              <Checkbox
                size="small"
                checked={all}
                indeterminate={picked > 0 && !all}
                onChange={togglePage}
                slotProps={{ input: { 'aria-label': t('action.select-all') } }}
              />
              <Box sx={{ flexGrow: 1 }} />
              <TextField
                select
                size="small"
                label={t('alarm.sort-by')}
                value={request.sortProperty}
                onChange={(event) =>
                  props.onRequestChange({ ...request, page: 0, sortProperty: event.target.value as AlarmSortColumn })
                }
                sx={{ minWidth: 150 }}
              >
                {columns.map((column) => (
                  <MenuItem key={column.id} value={column.id}>
                    {column.label}
                  </MenuItem>
                ))}
              </TextField>
              <Tooltip title={t(request.sortOrder === 'ASC' ? 'alarm.sort-ascending' : 'alarm.sort-descending')}>
                <IconButton
                  size="small"
                  aria-label={t(request.sortOrder === 'ASC' ? 'alarm.sort-ascending' : 'alarm.sort-descending')}
                  onClick={() =>
                    props.onRequestChange({
                      ...request,
                      page: 0,
                      sortOrder: request.sortOrder === 'ASC' ? 'DESC' : 'ASC',
                    })
                  }
                >
                  {request.sortOrder === 'ASC' ? <ArrowUpward fontSize="small" /> : <ArrowDownward fontSize="small" />}
                </IconButton>
              </Tooltip>
            </Stack>
          )}
          {rows.map((row) => (
            <Card
              key={row.id.id}
              variant="outlined"
              role="listitem"
              data-alarm-id={row.id.id}
              sx={{ borderLeft: 4, borderLeftColor: severityColor(row.severity) }}
            >
              <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
                <Checkbox
                  size="small"
                  checked={selected.has(row.id.id)}
                  onChange={(event) => toggle(row, event.target.checked)}
                  slotProps={{ input: { 'aria-label': rowLabel(row) } }}
                  sx={{ mt: 0.75 }}
                />
                <CardActionArea onClick={() => props.onOpen(row)} sx={{ p: 1.25, pl: 0, minWidth: 0 }}>
                  <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                    {row.type}
                  </Typography>
                  {props.showOriginator && <Originator row={row} />}
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
                    {formatTime(row.createdTime)}
                  </Typography>
                  <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <SeverityChip severity={row.severity} />
                    <AlarmStatusChip status={row.status} />
                  </Stack>
                </CardActionArea>
                <Box sx={{ pt: 0.75, pr: 0.5 }}>{rowActions(row)}</Box>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table aria-label={t('alarm.alarms')} aria-busy={props.fetching}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={picked > 0 && !all}
                    disabled={rows.length === 0}
                    onChange={togglePage}
                    slotProps={{ input: { 'aria-label': t('action.select-all') } }}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                    sortDirection={
                      request.sortProperty === column.id ? (request.sortOrder === 'ASC' ? 'asc' : 'desc') : false
                    }
                  >
                    <TableSortLabel
                      active={request.sortProperty === column.id}
                      direction={request.sortProperty === column.id && request.sortOrder === 'ASC' ? 'asc' : 'desc'}
                      onClick={() => sortBy(column.id)}
                    >
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                ))}
                <TableCell sx={{ width: '1%' }} aria-label={t('action.actions')} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow
                  key={row.id.id}
                  hover
                  data-alarm-id={row.id.id}
                  selected={selected.has(row.id.id)}
                  onClick={() => props.onOpen(row)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      checked={selected.has(row.id.id)}
                      onChange={(event) => toggle(row, event.target.checked)}
                      slotProps={{ input: { 'aria-label': rowLabel(row) } }}
                    />
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.id} sx={{ overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ py: 0.5 }}>
                    {rowActions(row)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!props.error && !props.fetching && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {props.emptyText}
        </Typography>
      )}
      {props.error && (
        <Typography color="error" sx={{ textAlign: 'center', py: 6 }}>
          {props.error}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={props.total}
        page={Math.min(request.page, Math.max(0, Math.ceil(props.total / request.pageSize) - 1))}
        rowsPerPage={request.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => props.onRequestChange({ ...request, page })}
        onRowsPerPageChange={(event) =>
          props.onRequestChange({ ...request, page: 0, pageSize: Number(event.target.value) })
        }
        labelRowsPerPage={t('grid.items-per-page')}
        labelDisplayedRows={({ from, to, count }) => t('grid.displayed-rows', { from, to, count })}
        sx={{
          '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
          '& .MuiTablePagination-toolbar': { pl: { xs: 1, sm: 2 } },
          '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        }}
      />
    </Paper>
  );
}

function Originator({ row }: { row: AlarmRow }) {
  const { t } = useTranslation();
  const type = row.originatorType ?? row.originator.entityType;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {row.originatorName ?? row.originator.id}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t(entityTypeLabelKey(type), { defaultValue: type })}
      </Typography>
    </Box>
  );
}

/** Keeps the other action in its column when one does not apply. */
function ActionSpacer() {
  return <Box aria-hidden sx={{ width: 30, height: 30, flexShrink: 0 }} />;
}
