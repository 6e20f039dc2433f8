// "Label widget": labels with live values (`${Key label}` patterns) over a background image. Labels
// are placed in % of the image as it is shown (contained), so they stay on their spot at any size.
import Box from '@mui/material/Box';
import { useState } from 'react';
import { arraySetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { cardValues, widgetMessageOf } from './card-data';
import { containRect, fillTemplate, readLabels, safeImageUrl } from './card-model';

export function LabelWidget({ ctx }: WidgetProps) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const values = cardValues(ctx.data.series, ctx.settings, ctx.widget.config);
  const message = widgetMessageOf(
    ctx,
    values.some((v) => v.text !== ''),
  );
  if (message) return <WidgetMessage text={message} />;

  const image = safeImageUrl(strSetting(ctx.settings, 'backgroundImageUrl', ''));
  const labels = readLabels(arraySetting(ctx.settings, 'labels'));
  const rect = containRect({ width: ctx.width, height: ctx.height }, image ? natural : null);
  // Labels shrink with an image shown smaller than its own size, never grow past their set size.
  const scale = image && natural ? Math.min(1, rect.width / natural.width) : 1;

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      {image && (
        <Box
          component="img"
          src={image}
          alt=""
          onLoad={(e) => {
            const img = e.currentTarget;
            setNatural({ width: img.naturalWidth, height: img.naturalHeight });
          }}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
      <Box sx={{ position: 'absolute', left: rect.left, top: rect.top, width: rect.width, height: rect.height }}>
        {labels.map((l, i) => (
          <Box
            // Labels have no id; their order in the settings is stable while the widget shows.
            key={i}
            sx={{
              position: 'absolute',
              left: `${l.x}%`,
              top: `${l.y}%`,
              transform: 'translate(-50%, -50%)',
              maxWidth: '100%',
              px: 0.5,
              borderRadius: 0.5,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontSize: Math.max(8, Math.round(l.fontSize * scale)),
              fontWeight: l.fontWeight ?? undefined,
              fontStyle: l.fontStyle ?? undefined,
              color: l.color ?? 'text.primary',
              bgcolor: l.backgroundColor ?? 'transparent',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {fillTemplate(l.pattern, values, false)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
