import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

/** Vendor groups that change at different paces get their own long-cached chunks. */
const VENDOR_CHUNKS: [name: string, test: RegExp][] = [
  ['antd', /node_modules\/(antd|@ant-design|@rc-component|rc-[\w-]+|@emotion)\//],
  ['react', /node_modules\/(react|react-dom|scheduler|react-router)\//],
  ['redux', /node_modules\/(@reduxjs|redux|redux-persist|react-redux|immer|reselect)\//],
  ['oidc', /node_modules\/(oidc-client-ts|react-oidc-context|jwt-decode)\//],
  ['typebox', /node_modules\/typebox\//],
];

/**
 * The Vite build both front ends share; each app names only where the Portico server serves it (`base`, which
 * its descriptor's basePath must match) and its dev-server port. In development the API, discovery and the
 * identity provider are proxied to a server started with `npm start`.
 */
export function defineShellAppConfig(app: { base: string; devPort: number }): UserConfig {
  return defineConfig({
    base: app.base,
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
      port: app.devPort,
      proxy: {
        '^/(config\\.json|discovery|t|oidc|idp)(/|$)': 'http://localhost:8080',
      },
    },
  });
}
