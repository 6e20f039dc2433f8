// The options really draw: ECharts' server-side SVG renderer runs them in node (no canvas needed).
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { arcLayout } from './gauge-layout';
import { arcOption, compassOption, dialOption, type GaugeOption } from './gauge-options';

echarts.use([GaugeChart, SVGRenderer]);

function render(option: GaugeOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ ...option, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

const motion = { animation: false, duration: 0 };

describe('gauges render', () => {
  it('draws a speed dial with its value and unit title', () => {
    const svg = render(
      dialOption({
        ...motion,
        variant: 'speed',
        width: 390,
        height: 260,
        scale: { min: 0, max: 180 },
        value: 72,
        text: '72',
        unitsTitle: 'km/h',
        majorTicks: 9,
        minorTicks: 2,
        ranges: [{ from: 140, to: 180, color: 'rgba(244, 67, 54, 0.5)' }],
        colors: { plate: '#fff', needle: '#f44336', ticks: '#444', text: '#000', track: '#eee' },
        fontFamily: 'Roboto',
      }),
      390,
      260,
    );
    expect(svg).toContain('>72<');
    expect(svg).toContain('km/h');
    expect(svg).toContain('>180<');
  });
  it('draws compass points and an arc gauge value', () => {
    const compass = render(
      compassOption({
        ...motion,
        width: 200,
        height: 200,
        heading: 45,
        text: '45°',
        colors: { plate: '#222', major: '#fff', minor: '#ddd', needle: 'red', needleEnd: '#ccc', border: '#999' },
        fontFamily: 'Roboto',
      }),
      200,
      200,
    );
    expect(compass).toContain('>NE<');
    expect(compass).toContain('>45°<');
    const layout = arcLayout(300, 200, {
      shape: 'arc',
      showTitle: false,
      linesBelow: 1,
      widthScale: 1,
      valueText: '42 %',
    });
    const arc = render(
      arcOption({
        ...motion,
        layout,
        shape: 'arc',
        scale: { min: 0, max: 100 },
        value: 42,
        text: '42 %',
        showValue: true,
        color: '#4caf50',
        trackColor: '#eee',
        textColor: '#000',
        fontFamily: 'Roboto',
      }),
      300,
      200,
    );
    expect(arc).toContain('42 %');
    expect(arc.toLowerCase()).toContain('#4caf50');
  });
});
