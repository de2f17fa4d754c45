import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor groups that change at different paces get their own long-cached chunks (as the portal does). */
const VENDOR_CHUNKS: [name: string, test: RegExp][] = [
  ['antd', /node_modules\/(antd|@ant-design|@rc-component|rc-[\w-]+|@emotion)\//],
  ['react', /node_modules\/(react|react-dom|scheduler|react-router)\//],
  ['redux', /node_modules\/(@reduxjs|redux|redux-persist|react-redux|immer|reselect)\//],
  ['oidc', /node_modules\/(oidc-client-ts|react-oidc-context|jwt-decode)\//],
  ['typebox', /node_modules\/typebox\//],
];

// Served by the Portico server under /control-panel/, so every asset URL carries that base; the descriptor's
// basePath (the router's basename) must match it.
export default defineConfig({
  base: '/control-panel/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id) {
          for (const [name, test] of VENDOR_CHUNKS) if (test.test(id)) return name;
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: {
      '^/(config\\.json|discovery|t|oidc|idp)(/|$)': 'http://localhost:8080',
    },
  },
});
