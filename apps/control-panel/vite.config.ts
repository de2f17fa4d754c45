import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the Portico server under /control-panel/, so every asset URL carries that base.
export default defineConfig({
  base: '/control-panel/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
