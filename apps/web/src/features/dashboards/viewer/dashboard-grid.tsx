import Box from '@mui/material/Box';
import { memo, useMemo, type ReactNode } from 'react';
import { GridLayout, noCompactor, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { DashboardLayout, DashboardWidget } from '../model/dashboard-config';
import { breakpointOf, fromGridItems, gridColumns, isMobileBreakpoint, toGridItems } from '../model/grid-layout';
import { WidgetFrame } from './widget-frame';

const MemoFrame = memo(WidgetFrame);

/** Row height: square cells on desktop (as ThingsBoard), the layout's mobile row height on phones. */
export function rowHeightFor(
  width: number,
  cols: number,
  margin: number,
  mobile: boolean,
  mobileRowHeight: number,
): number {
  if (mobile) return mobileRowHeight > 0 ? mobileRowHeight : 70;
  return Math.max(16, Math.floor((width - margin * (cols + 1)) / Math.max(1, cols)));
}

/**
 * The widgets of one layout on react-grid-layout. In view mode items are static; in edit mode they
 * drag (by the title bar) and resize, and the result is written back into the layout.
 */
export function DashboardGrid({
  layout,
  widgets,
  editing,
  onLayoutChange,
  editControls,
}: {
  layout: DashboardLayout;
  widgets: Readonly<Record<string, DashboardWidget>>;
  editing: boolean;
  onLayoutChange?: (next: DashboardLayout) => void;
  editControls?: (widgetId: string) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const bp = breakpointOf(width);
  const mobile = isMobileBreakpoint(bp);
  const cols = gridColumns(layout, bp);
  const gs = layout.gridSettings;
  const margin = Array.isArray(gs.margins) ? (gs.margins[0] ?? 10) : 10;
  const rowHeight = rowHeightFor(width, cols, margin, mobile, Number(gs.mobileRowHeight));
  const items = useMemo(
    () => toGridItems(layout, bp).filter((item) => widgets[item.i]) as Layout,
    [layout, bp, widgets],
  );
  const canEdit = editing && !mobile;

  return (
    <Box
      ref={containerRef}
      data-testid="dashboard-grid"
      sx={{
        position: 'relative',
        minHeight: 200,
        bgcolor: typeof gs.backgroundColor === 'string' && gs.backgroundColor ? gs.backgroundColor : undefined,
        color: typeof gs.color === 'string' && gs.color ? gs.color : undefined,
        '& .react-grid-item.react-grid-placeholder': { bgcolor: 'primary.main', opacity: 0.2, borderRadius: 1 },
      }}
    >
      {mounted && width > 0 && (
        <GridLayout
          width={width}
          layout={items}
          gridConfig={{ cols, rowHeight, margin: [margin, margin], containerPadding: [margin, margin] }}
          dragConfig={{ enabled: canEdit, handle: '.widget-drag-handle', cancel: '.widget-no-drag' }}
          resizeConfig={{ enabled: canEdit, handles: ['se'] }}
          compactor={noCompactor}
          autoSize
          onLayoutChange={(next: Layout) => {
            if (!canEdit || !onLayoutChange) return;
            const updated = fromGridItems(layout, next, bp);
            if (updated !== layout) onLayoutChange(updated);
          }}
        >
          {items.map((item) => {
            const widget = widgets[item.i];
            return widget ? (
              <div key={item.i} className={canEdit ? 'widget-drag-handle' : undefined}>
                <MemoFrame widget={widget} editControls={editing ? editControls?.(item.i) : undefined} />
              </div>
            ) : null;
          })}
        </GridLayout>
      )}
    </Box>
  );
}
