import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderPages } from './build/prerender';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // React DOM in a chunk of its own: a prerendered page evaluates it in its own task before the
    // app's entry (public/boot.js), which keeps each start-up task short on slow phones.
    rolldownOptions: {
      output: { advancedChunks: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
});
