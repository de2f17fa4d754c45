import { defineShellAppConfig } from '../../packages/web-shell/vite-app-config.ts';

export default defineShellAppConfig({ base: '/', devPort: 5173 });
