import Box from '@mui/material/Box';

export interface ColorSwatchProps {
  /** Any CSS colour; null or empty draws the "no colour" swatch (a diagonal stroke). */
  color: string | null | undefined;
  size?: number;
  /** Accessible name; without it the swatch is decorative. */
  label?: string;
  round?: boolean;
}

// A checkerboard under the colour makes its transparency visible.
const CHECKER = 'conic-gradient(#ccc 25%, #fff 0 50%, #ccc 0 75%, #fff 0) 0 0 / 10px 10px';

/** A colour sample drawn over a checkerboard, so translucent colours look translucent. */
export function ColorSwatch({ color, size = 24, label, round }: ColorSwatchProps) {
  const empty = !color;
  return (
    <Box
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: round ? '50%' : 1,
        border: 1,
        borderColor: 'divider',
        background: empty
          ? 'linear-gradient(to top right, transparent calc(50% - 1px), #e53935 50%, transparent calc(50% + 1px))'
          : `linear-gradient(${color}, ${color}), ${CHECKER}`,
      }}
    />
  );
}
