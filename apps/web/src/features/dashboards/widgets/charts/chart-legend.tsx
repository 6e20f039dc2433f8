// The legend of the chart widgets (spec 1-client §3.7): column or row, on any side, optionally with
// min/max/avg/total per series. Clicking an entry hides or shows its series, as in ThingsBoard.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLegend } from './chart-settings';

export interface LegendItem {
  id: string;
  label: string;
  color: string;
  /** Formatted statistics, shown in the columns the legend config enables. */
  stats?: { min: string; max: string; avg: string; total: string } | null;
  /** Latest-value charts: the value (and share) after the label. */
  value?: string;
}

const STAT_KEYS = ['min', 'max', 'avg', 'total'] as const;
type StatKey = (typeof STAT_KEYS)[number];

interface LegendProps {
  legend: ChartLegend;
  items: readonly LegendItem[];
  hidden: ReadonlySet<string>;
  onToggle(id: string): void;
}

function statColumns(legend: ChartLegend): StatKey[] {
  const c = legend.config;
  const on: Record<StatKey, boolean> = { min: c.showMin, max: c.showMax, avg: c.showAvg, total: c.showTotal };
  return STAT_KEYS.filter((k) => on[k]);
}

function Swatch({ color, off }: { color: string; off: boolean }) {
  return (
    <Box
      component="span"
      sx={{ width: 12, height: 4, borderRadius: 1, flex: 'none', bgcolor: off ? 'action.disabled' : color }}
    />
  );
}

const cellSx = { px: 0.75, py: 0.25, whiteSpace: 'nowrap', fontSize: 12 } as const;

/** Statistics need aligned columns: a small table. */
function StatsTable({ items, hidden, onToggle, columns }: LegendProps & { columns: StatKey[] }) {
  const { t } = useTranslation();
  return (
    <Box component="table" sx={{ borderCollapse: 'collapse', color: 'text.primary' }}>
      <thead>
        <tr>
          <Box component="th" />
          {columns.map((c) => (
            <Box
              component="th"
              key={c}
              sx={{ ...cellSx, fontWeight: 500, color: 'text.secondary', textAlign: 'right' }}
            >
              {t(`legend.${c}`)}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const off = hidden.has(item.id);
          return (
            <Box
              component="tr"
              key={item.id}
              onClick={() => onToggle(item.id)}
              sx={{ cursor: 'pointer', opacity: off ? 0.5 : 1, '&:hover': { bgcolor: 'action.hover' } }}
            >
              <Box component="td" sx={cellSx}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                  <Swatch color={item.color} off={off} />
                  {item.label}
                </Box>
              </Box>
              {columns.map((c) => (
                <Box component="td" key={c} sx={{ ...cellSx, textAlign: 'right' }}>
                  {item.stats?.[c] ?? ''}
                </Box>
              ))}
            </Box>
          );
        })}
      </tbody>
    </Box>
  );
}

function EntryList({ legend, items, hidden, onToggle }: LegendProps) {
  const row = legend.config.direction === 'row';
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: row ? 'row' : 'column',
        flexWrap: row ? 'wrap' : 'nowrap',
        justifyContent: row ? 'center' : 'flex-start',
        columnGap: 1.5,
        rowGap: 0.25,
      }}
    >
      {items.map((item) => {
        const off = hidden.has(item.id);
        return (
          <Box
            key={item.id}
            component="button"
            type="button"
            onClick={() => onToggle(item.id)}
            sx={{
              all: 'unset',
              display: 'flex',
              alignItems: 'center',
              gap: 0.75,
              cursor: 'pointer',
              fontSize: 12,
              lineHeight: '20px',
              color: off ? 'text.disabled' : 'text.primary',
              textDecoration: off ? 'line-through' : 'none',
              minWidth: 0,
              '&:focus-visible': { outline: 1, outlineColor: 'primary.main' },
            }}
          >
            <Swatch color={item.color} off={off} />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {item.label}
            </Box>
            {item.value ? (
              <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {item.value}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

export function ChartLegendView(props: LegendProps) {
  const columns = statColumns(props.legend);
  return columns.length > 0 ? <StatsTable {...props} columns={columns} /> : <EntryList {...props} />;
}

/**
 * The chart and its legend in the widget's box. The legend takes what it needs up to a share of the
 * box (then scrolls); the plot gets the rest, so the widget never overflows.
 */
export function ChartFrame({
  legend,
  children,
}: {
  legend: { node: ReactNode; position: string } | null;
  children: ReactNode;
}) {
  const side = legend?.position === 'left' || legend?.position === 'right';
  const first = legend?.position === 'top' || legend?.position === 'left';
  const legendBox = legend ? (
    <Box
      sx={{
        flex: 'none',
        overflow: 'auto',
        ...(side
          ? { maxWidth: '45%', alignSelf: 'center', maxHeight: '100%', px: 0.5 }
          : { maxHeight: '40%', px: 0.5 }),
        py: 0.5,
      }}
    >
      {legend.node}
    </Box>
  ) : null;
  return (
    <Box
      sx={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: side ? 'row' : 'column',
        minWidth: 0,
        minHeight: 0,
      }}
    >
      {first ? legendBox : null}
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, position: 'relative' }}>{children}</Box>
      {first ? null : legendBox}
    </Box>
  );
}
