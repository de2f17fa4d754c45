import { defineShellAppConfig } from '../../packages/web-shell/vite-app-config.ts';

// Served by the Portico server under /control-panel/, so every asset URL carries that base; the descriptor's
// basePath (the router's basename) must match it.
export default defineShellAppConfig({ base: '/control-panel/', devPort: 5174 });
