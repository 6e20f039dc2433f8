import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MaterialIcon } from '../../../../components/icon-picker';
import { numSetting, strSetting } from '../shared/settings-readers';

/** The schema's default value colour: drawn as the theme's text colour so dark mode stays readable. */
const DEFAULT_VALUE_COLOR = 'rgba(0, 0, 0, 0.87)';

export interface CounterCardProps {
  settings: Record<string, unknown>;
  /** Fallback label (translated) when the settings have none. */
  label: string;
  value: number | null;
  /** "of N" after the value. */
  total?: number | null | undefined;
  width: number;
  height: number;
}

/** A counter tile: icon in a tinted circle, the number, its label; sized to the widget box. */
export function CounterCard({ settings, label, value, total, width, height }: CounterCardProps) {
  const iconColor = strSetting(settings, 'iconColor', '#f44336');
  const valueColor = strSetting(settings, 'valueColor', DEFAULT_VALUE_COLOR);
  // The configured size is a maximum: a short or narrow box shrinks the number instead of clipping it.
  const fontSize = Math.max(14, Math.min(numSetting(settings, 'valueFontSize', 36), height * 0.45, width / 5));
  const iconBox = Math.max(28, Math.min(64, height * 0.55, width / 4));
  const title = strSetting(settings, 'label', label);

  return (
    <Box
      sx={{ height: '100%', display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, minWidth: 0, overflow: 'hidden' }}
    >
      <Box
        sx={{
          width: iconBox,
          height: iconBox,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: iconColor,
          // The icon colour at low opacity: a tint that works on light and dark cards.
          bgcolor: `color-mix(in srgb, ${iconColor} 15%, transparent)`,
        }}
      >
        <MaterialIcon name={strSetting(settings, 'icon', 'notifications')} sx={{ fontSize: iconBox * 0.55 }} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {value === null ? (
          <Skeleton variant="text" width={fontSize * 1.5} sx={{ fontSize }} />
        ) : (
          <Typography
            component="div"
            data-testid="counter-value"
            sx={{
              fontSize,
              fontWeight: 600,
              lineHeight: 1.15,
              whiteSpace: 'nowrap',
              color: valueColor === DEFAULT_VALUE_COLOR ? 'text.primary' : valueColor,
            }}
          >
            {value}
            {total !== undefined && total !== null && (
              <Typography component="span" color="text.secondary" sx={{ fontSize: fontSize * 0.45, ml: 0.5 }}>
                / {total}
              </Typography>
            )}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" noWrap title={title}>
          {title}
        </Typography>
      </Box>
    </Box>
  );
}
