import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderPages } from './build/prerender';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages()],
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 2048 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
});
