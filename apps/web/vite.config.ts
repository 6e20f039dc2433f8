import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

// The server (apps/server) serves dist/ itself in production; in development Vite serves the app and
// forwards API calls and the telemetry WebSocket (/api/ws/...) to the server (default port 8080).
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * What every page needs, the sign-in page included: React, the router, queries, i18n, emotion and the
 * MUI parts of the sign-in form, toasts and dialogs. Left to itself rolldown cuts these into ~45 small
 * shared files, and each one costs a request and compresses on its own (~15 kB gzip more for sign-in);
 * as one chunk it is downloaded once and cached for every page after.
 */
const FRAMEWORK_PACKAGES =
  'react|react-dom|scheduler|react-router|@tanstack/query-core|@tanstack/react-query|i18next|react-i18next|' +
  '@emotion/[^/]+|stylis|clsx|react-is|hoist-non-react-statics|react-transition-group|@babel/runtime|' +
  'use-sync-external-store|@mui/system|@mui/utils|@mui/styled-engine|@mui/private-theming';
/** @mui/material folders the sign-in page uses (TextField brings Select, Menu and Popover with it). */
const FRAMEWORK_MUI =
  'styles|utils|internal|transitions|colors|zero-styled|useLazyRipple|DefaultPropsProvider|CssBaseline|' +
  'GlobalStyles|InitColorSchemeScript|Box|Stack|Container|Paper|Card|CardContent|Typography|Link|Divider|' +
  'SvgIcon|ButtonBase|Button|ButtonGroup|IconButton|TextField|InputBase|Input|OutlinedInput|FilledInput|' +
  'InputLabel|InputAdornment|FormControl|FormLabel|FormHelperText|TextareaAutosize|Select|NativeSelect|Menu|' +
  'MenuList|List|Popover|Modal|Backdrop|Portal|Unstable_TrapFocus|Fade|Grow|ClickAwayListener|Dialog|' +
  'DialogTitle|DialogContent|DialogContentText|DialogActions|Snackbar|SnackbarContent|Alert|CircularProgress|' +
  'LinearProgress';
const FRAMEWORK = new RegExp(`/node_modules/(${FRAMEWORK_PACKAGES}|@mui/material/(${FRAMEWORK_MUI}))/`);
const isFramework = (id: string) => FRAMEWORK.test(id.replaceAll('\\', '/'));

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // MUI alone is above the 500 kB default once more screens land; lazy routes keep login small.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'framework', test: isFramework, priority: 1 }] },
      },
    },
  },
});
