import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerenderPages } from './build/prerender';

/** The app's own modules and the shared packages (the domain); the entry module is not one of them. */
const APP_CODE = /[\\/](apps[\\/]web[\\/]src|packages)[\\/]/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;

/**
 * recharts keeps its chart state in a Redux store of its own. Were it to share the app's copy of
 * Redux Toolkit, that one module (in the start-up chunk) would keep every part either side uses,
 * and the landing page would carry the charts' share. Resolved to another build of the same
 * version, recharts' copy travels in the back office's lazy chart chunk instead.
 */
function chartsOwnReduxToolkit(): Plugin {
  const RECHARTS = /[\\/]node_modules[\\/]recharts[\\/]/;
  const toolkit = path.dirname(
    createRequire(import.meta.url).resolve('@reduxjs/toolkit/package.json'),
  );
  const otherBuild = path.join(toolkit, 'dist/redux-toolkit.legacy-esm.js');
  return {
    name: 'charts-own-redux-toolkit',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@reduxjs/toolkit' && importer && RECHARTS.test(importer)
        ? otherBuild
        : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages(), chartsOwnReduxToolkit()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // What the landing page needs to start, in three chunks: a prerendered page evaluates each in a
    // task of its own before the app's entry (public/boot.js), which keeps each start-up task short
    // on slow phones. Without the groups Rolldown splits the modules the entry shares with lazy
    // routes into many small chunks, which gzip worse. Only modules the entry imports statically
    // ($initial) are grouped, so a lazy route's code (the account area, later the back office and
    // its charts) never joins the start-up chunks. The entry module itself stays out of the groups:
    // the prerendered page starts the app from it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'libs', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', test: (id) => APP_CODE.test(id) && !ENTRY.test(id), tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' },
  },
});
