// Which action sources a widget offers in its Actions tab (1-client §3.7): every widget has header
// buttons; tables have row clicks and cells, maps marker clicks, cards and navigation card clicks.
import type { WidgetKind } from '../../../model/datasource-query';

export function actionSourcesFor(kind: WidgetKind | string, typeAlias?: string): string[] {
  const out = ['headerButton'];
  const alias = typeAlias ?? '';
  if (alias.includes('table') || kind === 'alarm') out.push('rowClick', 'rowDoubleClick', 'actionCellButton');
  if (alias.includes('map')) out.push('markerClick', 'tooltipAction');
  if (alias.includes('card') || alias.includes('navigation')) out.push('cardClick');
  if (alias.includes('chart') || alias === 'pie' || alias === 'bars' || alias.includes('timeseries'))
    out.push('elementClick');
  return [...new Set(out)];
}
