import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { boolSetting, optionalNumSetting, strSetting } from '../shared/settings-readers';
import { WidgetMessage } from '../shared/widget-message';
import type { WidgetProps } from '../widget-types';
import { containRect, imageUrl, labelText, markersFromSeries, tooltipHtml, type MapMarker } from './map-model';

const DOT = 16;

/**
 * maps_v2.image_map: markers over a picture (a floor plan, a site map) at relative x/y positions
 * (0..1 of the image's width and height). The image is scaled to fit and markers follow it.
 */
export function ImageMapWidget({ ctx }: WidgetProps) {
  const s = ctx.settings;
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const src = imageUrl(s.mapImageUrl);
  const xKey = strSetting(s, 'xPosKeyName', 'xPos');
  const yKey = strSetting(s, 'yPosKeyName', 'yPos');
  const markers = useMemo(
    () =>
      markersFromSeries(
        ctx.data.series,
        yKey,
        xKey,
        'relative',
        optionalNumSetting(s, 'decimals'),
        strSetting(s, 'units', ''),
      ),
    [ctx.data.series, xKey, yKey, s],
  );
  const rect = natural ? containRect(ctx.width, ctx.height, natural.w, natural.h) : null;
  const showLabel = boolSetting(s, 'showLabel', true);
  const labelPattern = strSetting(s, 'label', '${entityName}');
  const showTooltip = boolSetting(s, 'showTooltip', true);
  const tooltipPattern = strSetting(s, 'tooltipPattern', '<b>${entityName}</b>');
  const markerColor = typeof s.markerColor === 'string' && s.markerColor !== '' ? s.markerColor : null;
  const clickable = !ctx.editing && (showTooltip || ctx.hasAction('markerClick'));

  const onMarker = (m: MapMarker) => {
    if (ctx.editing) return;
    if (showTooltip) setOpenId((id) => (id === m.id ? null : m.id));
    ctx.action('markerClick', m.entity);
  };

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      <Box
        component="img"
        src={src}
        alt=""
        draggable={false}
        onLoad={(e) => {
          const img = e.currentTarget as HTMLImageElement;
          setNatural({ w: img.naturalWidth || 800, h: img.naturalHeight || 500 });
        }}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', userSelect: 'none' }}
      />
      {rect
        ? markers.map((m) => {
            const left = rect.left + m.b * rect.width;
            const top = rect.top + m.a * rect.height;
            const html = showTooltip ? DOMPurify.sanitize(tooltipHtml(tooltipPattern, m)) : '';
            return (
              <Box
                key={m.id}
                sx={{
                  position: 'absolute',
                  left,
                  top,
                  transform: 'translate(-50%, -50%)',
                  transition: 'left 300ms, top 300ms',
                }}
              >
                {showLabel ? (
                  <Typography
                    variant="caption"
                    noWrap
                    sx={{
                      position: 'absolute',
                      bottom: DOT + 2,
                      left: '50%',
                      transform: 'translateX(-50%)',
                      px: 0.5,
                      borderRadius: 0.5,
                      bgcolor: 'background.paper',
                      boxShadow: 1,
                      maxWidth: 160,
                      pointerEvents: 'none',
                    }}
                  >
                    {labelText(labelPattern, m)}
                  </Typography>
                ) : null}
                <ClickAwayListener onClickAway={() => setOpenId((id) => (id === m.id ? null : id))}>
                  <Tooltip
                    open={openId === m.id && html !== ''}
                    arrow
                    disableHoverListener
                    disableFocusListener
                    disableTouchListener
                    // Sanitised above: the pattern is the author's HTML, the values are escaped.
                    title={<Box sx={{ fontSize: 12 }} dangerouslySetInnerHTML={{ __html: html }} />}
                  >
                    <Box
                      role="button"
                      aria-label={m.name}
                      data-testid="image-map-marker"
                      onClick={() => onMarker(m)}
                      sx={(theme) => ({
                        width: DOT,
                        height: DOT,
                        borderRadius: '50%',
                        bgcolor: markerColor ?? m.color,
                        border: `2px solid ${theme.palette.background.paper}`,
                        boxShadow: 2,
                        cursor: clickable ? 'pointer' : 'default',
                      })}
                    />
                  </Tooltip>
                </ClickAwayListener>
              </Box>
            );
          })
        : null}
      {ctx.data.error ? (
        <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'background.paper', opacity: 0.9 }}>
          <WidgetMessage text={ctx.data.error} />
        </Box>
      ) : null}
    </Box>
  );
}
