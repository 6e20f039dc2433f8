// Geometry of the round gauges in px, from the widget box: the dial fills the box on any screen, and
// the text around it (title, min/max, time) gets the room it needs first.

export interface ArcLayout {
  cx: number;
  cy: number;
  r: number;
  thickness: number;
  valueFontSize: number;
  /** Min/max labels and title. */
  labelFontSize: number;
  /** Top of the line under the arc (min/max labels, time). */
  belowY: number;
}

export interface ArcLayoutOptions {
  /** 'arc' is a half circle opening downwards, 'donut' a full ring. */
  shape: 'arc' | 'donut';
  showTitle: boolean;
  /** Lines of small text under the gauge (min/max, time of the value). */
  linesBelow: number;
  /** Bar thickness factor (ThingsBoard's gaugeWidthScale, 1 = default). */
  widthScale: number;
  /** The value text, to fit it between the ends of the arc. */
  valueText: string;
}

const PAD = 6;

export function arcLayout(width: number, height: number, o: ArcLayoutOptions): ArcLayout {
  const short = Math.max(0, Math.min(width, height));
  const labelFontSize = Math.round(Math.min(16, Math.max(9, short * 0.07)));
  const line = labelFontSize * 1.4;
  const top = PAD + (o.showTitle ? line : 0);
  const below = o.linesBelow * line + PAD;
  const availH = Math.max(0, height - top - below);
  const availW = Math.max(0, width - 2 * PAD);
  // A half circle needs r of height, a ring 2r.
  const r = Math.max(4, o.shape === 'arc' ? Math.min(availW / 2, availH) : Math.min(availW, availH) / 2);
  const used = o.shape === 'arc' ? r : 2 * r;
  const cy = top + (availH - used) / 2 + r;
  const thickness = Math.min(r * 0.9, Math.max(3, r * 0.3 * o.widthScale));
  const inner = Math.max(4, r - thickness);
  const chars = Math.max(1, o.valueText.length);
  // The value sits inside the arc: it must fit the inner width and a fraction of the radius.
  const valueFontSize = Math.round(
    Math.max(8, Math.min(inner * (o.shape === 'arc' ? 0.55 : 0.6), (1.7 * inner) / (chars * 0.6))),
  );
  const belowY = o.shape === 'arc' ? cy + 2 : cy + r + 2;
  return { cx: width / 2, cy, r, thickness, valueFontSize, labelFontSize, belowY };
}

/** Radius and centre of a dial (speed, radial, compass): the largest circle in the box. */
export function dialLayout(width: number, height: number): { cx: number; cy: number; r: number; fontSize: number } {
  const r = Math.max(8, Math.min(width, height) / 2 - PAD);
  return { cx: width / 2, cy: height / 2, r, fontSize: Math.round(Math.max(8, Math.min(18, r * 0.1))) };
}
