import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

/**
 * ThingsBoard's blue as primary, so existing users feel at home; Roboto is bundled (no CDN).
 * Breakpoints are the spec's (1-client §9): sm 600, md 960, lg 1280, xl 1920.
 */
export function createAppTheme(mode: ColorMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    palette: {
      mode,
      primary: { main: dark ? '#7fa7d6' : '#305680' },
      secondary: { main: dark ? '#9bbce3' : '#527dad' },
      background: dark ? { default: '#121821', paper: '#1a2230' } : { default: '#eef1f5', paper: '#ffffff' },
    },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { styleOverrides: { root: dark ? { backgroundColor: '#1f2a3a', backgroundImage: 'none' } : {} } },
    },
  });
}
