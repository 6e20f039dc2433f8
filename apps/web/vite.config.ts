import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (apps/server) serves dist/ itself in production; in development Vite serves the app and
// forwards API calls and the telemetry WebSocket (/api/ws/...) to the server (default port 8080).
const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
  },
});
