import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface AppLogoProps {
  title: string;
  /** 'inverse' for dark surfaces such as the app bar. */
  tone?: 'default' | 'inverse';
  size?: 'small' | 'large';
}

/** The product mark (a pulse line in a rounded square) followed by the app title. */
export function AppLogo({ title, tone = 'default', size = 'small' }: AppLogoProps) {
  const mark = size === 'large' ? 48 : 32;
  const inverse = tone === 'inverse';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: mark, height: mark, flexShrink: 0 }}>
        <rect width="64" height="64" rx="14" fill={inverse ? '#ffffff' : '#305680'} />
        <path
          d="M14 42h8l6-20 8 28 6-16h8"
          fill="none"
          stroke={inverse ? '#305680' : '#ffffff'}
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Box>
      <Typography
        component="span"
        noWrap
        sx={{
          fontWeight: 500,
          fontSize: size === 'large' ? '1.6rem' : '1.25rem',
          color: inverse ? 'common.white' : 'primary.main',
          letterSpacing: 0.2,
        }}
      >
        {title}
      </Typography>
    </Box>
  );
}
