// The hover tooltip of the time-series charts, as a uPlot plugin. It updates its own DOM on cursor
// moves: going through React state would re-render the widget on every mouse move.
import type uPlot from 'uplot';

export interface TooltipRow {
  label: string;
  color: string;
  text: string;
}

export interface TooltipSource {
  /** Only the series nearest to the cursor (ThingsBoard's "tooltip individual"). */
  individual: boolean;
  title(ts: number): string;
  /** The row of uPlot series `seriesIdx` (1-based) at data index `idx`, or null when it has no value. */
  row(seriesIdx: number, idx: number): TooltipRow | null;
  colors: { background: string; text: string; border: string; shadow: string };
}

/** Farthest the cursor may be from a series (px) for the individual tooltip to show it. */
const NEAR_PX = 40;

function nearestSeries(u: uPlot, idx: number, top: number): number | null {
  let best: number | null = null;
  let bestDist = NEAR_PX;
  u.series.forEach((s, i) => {
    if (i === 0 || !s.show || !s.scale) return;
    const value = u.data[i]?.[idx];
    if (value === null || value === undefined) return;
    const dist = Math.abs(u.valToPos(value, s.scale) - top);
    if (dist <= bestDist) {
      best = i;
      bestDist = dist;
    }
  });
  return best;
}

function rowElement(row: TooltipRow): HTMLElement {
  const line = document.createElement('div');
  line.style.cssText = 'display:flex;align-items:center;gap:6px;white-space:nowrap';
  const dot = document.createElement('span');
  dot.style.cssText = `width:10px;height:10px;border-radius:50%;flex:none;background:${row.color}`;
  const label = document.createElement('span');
  label.style.cssText = 'overflow:hidden;text-overflow:ellipsis;max-width:180px';
  // textContent, never innerHTML: labels are dashboard-author text.
  label.textContent = row.label;
  const value = document.createElement('b');
  value.style.cssText = 'margin-left:auto;padding-left:12px;font-weight:500';
  value.textContent = row.text;
  line.append(dot, label, value);
  return line;
}

/** A tooltip reading its rows through `source()` at hover time, so data updates need no new plot. */
export function tooltipPlugin(source: () => TooltipSource): uPlot.Plugin {
  let box: HTMLDivElement | null = null;
  const hide = () => {
    if (box) box.style.display = 'none';
  };
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.style.cssText =
          'position:absolute;display:none;pointer-events:none;z-index:10;padding:6px 8px;border-radius:4px;' +
          'font-size:12px;line-height:18px;max-width:280px';
        u.over.appendChild(box);
        u.over.addEventListener('mouseleave', hide);
      },
      setCursor: (u) => {
        const { idx, left, top } = u.cursor;
        const src = source();
        if (!box || idx === null || idx === undefined || left === undefined || left < 0 || top === undefined) {
          hide();
          return;
        }
        const indexes: number[] = [];
        if (src.individual) {
          const near = nearestSeries(u, idx, top);
          if (near !== null) indexes.push(near);
        } else {
          for (let i = 1; i < u.series.length; i++) if (u.series[i]?.show) indexes.push(i);
        }
        const rows = indexes.map((i) => src.row(i, idx)).filter((r): r is TooltipRow => r !== null);
        const ts = u.data[0][idx];
        if (rows.length === 0 || ts === undefined) {
          hide();
          return;
        }
        const { background, text, border, shadow } = src.colors;
        Object.assign(box.style, { background, color: text, border: `1px solid ${border}`, boxShadow: shadow });
        const title = document.createElement('div');
        title.style.cssText = 'font-weight:500;margin-bottom:2px;white-space:nowrap';
        title.textContent = src.title(ts);
        box.replaceChildren(title, ...rows.map(rowElement));
        box.style.display = 'block';
        // Beside the cursor, flipped to the other side near the right / bottom edge.
        const width = box.offsetWidth;
        const height = box.offsetHeight;
        const overW = u.over.clientWidth;
        const overH = u.over.clientHeight;
        const x = left + 12 + width > overW ? Math.max(0, left - 12 - width) : left + 12;
        const y = top + 12 + height > overH ? Math.max(0, top - 12 - height) : top + 12;
        box.style.transform = `translate(${x}px, ${y}px)`;
        box.style.left = '0';
        box.style.top = '0';
      },
    },
  };
}
