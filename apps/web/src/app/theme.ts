import { createTheme } from '@mui/material/styles';

/** ThingsBoard's blue as primary, so existing users feel at home; Roboto is bundled (no CDN). */
export const theme = createTheme({
  palette: {
    primary: { main: '#305680' },
    secondary: { main: '#527dad' },
    background: { default: '#eef1f5' },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
