/**
 * Where the time-window overlay opens (2-calls §2): below and from the start of its trigger, but
 * above when fewer than 375 px remain below, and aligned to the trigger's end side when fewer than
 * 417 px remain to its right. Pure.
 */
export const PANEL_MIN_WIDTH = 417;
export const PANEL_MAX_HEIGHT = 500;
export const PANEL_NEEDED_HEIGHT = 375;

export interface TriggerRect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface PopoverPlacement {
  anchorOrigin: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'right' };
  transformOrigin: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'right' };
}

export function popoverPlacement(rect: TriggerRect, viewport: { width: number; height: number }): PopoverPlacement {
  const above = viewport.height - rect.bottom < PANEL_NEEDED_HEIGHT && rect.top > viewport.height - rect.bottom;
  const toEnd = viewport.width - rect.left < PANEL_MIN_WIDTH;
  const horizontal = toEnd ? 'right' : 'left';
  return {
    anchorOrigin: { vertical: above ? 'top' : 'bottom', horizontal },
    transformOrigin: { vertical: above ? 'bottom' : 'top', horizontal },
  };
}
