import Close from '@mui/icons-material/Close';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../contact/date-time';
import { prettyOutput } from '../model/script-test-model';
import type { DebugEvent } from '../rule-chain-types';
import { useDebugEvents } from '../rule-chains-queries';

export interface DebugEventsPanelProps {
  nodeId: string;
  nodeName: string;
  tenantId: string | undefined;
  onClose: () => void;
}

const PAGE_SIZE = 20;

/** DEBUG_RULE_NODE events of the selected node (IN/OUT), newest first; refreshes itself while open. */
export function DebugEventsPanel({ nodeId, nodeName, tenantId, onClose }: DebugEventsPanelProps) {
  const { t } = useTranslation();
  const formatTime = useDateTimeFormat();
  const [page, setPage] = useState(0);
  const [auto, setAuto] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const events = useDebugEvents(nodeId, tenantId, page, PAGE_SIZE, auto);
  const rows = events.data?.data ?? [];

  return (
    <Box
      component="section"
      aria-label={t('rulenode.debug-events')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, bgcolor: 'background.paper' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0 }} noWrap>
          {t('rulenode.debug-events')}: {nodeName}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={auto} onChange={(e) => setAuto(e.target.checked)} />}
          label={<Typography variant="body2">{t('rulenode.auto-refresh')}</Typography>}
        />
        <Tooltip title={t('action.refresh')}>
          <IconButton aria-label={t('action.refresh')} onClick={() => void events.refetch()}>
            <Refresh fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('action.close')}>
          <IconButton aria-label={t('action.close')} onClick={onClose}>
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <LinearProgress sx={{ visibility: events.isFetching ? 'visible' : 'hidden', height: 2 }} />
      <Box sx={{ overflow: 'auto', flexGrow: 1 }}>
        <Table size="small" stickyHeader aria-label={t('rulenode.debug-events')} aria-busy={events.isLoading}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{t('event.event-time')}</TableCell>
              <TableCell>{t('event.type')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('event.entity')}</TableCell>
              <TableCell>{t('event.message-type')}</TableCell>
              <TableCell>{t('event.relation-type')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('event.data')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !events.isLoading && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {t('rulenode.no-debug-events')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((event) => (
              <EventRow
                key={event.id.id}
                event={event}
                time={formatTime(event.createdTime)}
                open={open === event.id.id}
                onToggle={() => setOpen(open === event.id.id ? null : event.id.id)}
              />
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={events.data?.totalElements ?? -1}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_e, next) => setPage(next)}
        slotProps={{ actions: { nextButton: { disabled: !events.data?.hasNext } } }}
      />
    </Box>
  );
}

function EventRow({
  event,
  time,
  open,
  onToggle,
}: {
  event: DebugEvent;
  time: string;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const body = event.body;
  return (
    <Fragment>
      <TableRow
        hover
        data-testid="debug-event"
        data-event-type={body.type}
        onClick={onToggle}
        sx={{ cursor: 'pointer', '& > td': { borderBottom: open ? 0 : undefined } }}
      >
        <TableCell padding="checkbox">
          <IconButton size="small" aria-label={t('rulenode.show-details')} aria-expanded={open}>
            {open ? <KeyboardArrowDown fontSize="small" /> : <KeyboardArrowRight fontSize="small" />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{time}</TableCell>
        <TableCell>
          <Chip size="small" label={body.type} color={body.type === 'IN' ? 'info' : 'success'} variant="outlined" />
          {body.error && <Chip size="small" label={t('event.error')} color="error" sx={{ ml: 0.5 }} />}
        </TableCell>
        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{body.entityName ?? body.entityId}</TableCell>
        <TableCell sx={{ wordBreak: { xs: 'break-all', md: 'normal' }, whiteSpace: { md: 'nowrap' } }}>
          {body.msgType}
        </TableCell>
        <TableCell>{body.relationType}</TableCell>
        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 280 }}>
          <Typography variant="body2" noWrap sx={{ fontFamily: 'monospace', fontSize: 12 }}>
            {body.data}
          </Typography>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, py: 1.5 }}>
              <JsonBlock title={t('event.data')} text={body.data} />
              <JsonBlock title={t('event.metadata')} text={body.metadata} />
              {body.error && <JsonBlock title={t('event.error')} text={body.error} />}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

function JsonBlock({ title, text }: { title: string; text: string | undefined }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          overflow: 'auto',
          maxHeight: 240,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text ? prettyOutput(text) : '—'}
      </Box>
    </Box>
  );
}
