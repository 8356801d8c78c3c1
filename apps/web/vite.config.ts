import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Kept in step with CORE_NAMESPACES, ACCOUNT_NAMESPACES and ON_DEMAND_NAMESPACES in src/lib/i18n.ts. */
const CORE_NAMESPACES = ['landing', 'not-found'];
const ACCOUNT_NAMESPACES = ['common', 'account'];
const ON_DEMAND_NAMESPACES = [
  'randomization',
  'usdm',
  'dataout',
  'core',
  'webhooks',
  'dataimport',
  'forms-builder',
  'analytics',
  'ertms',
  'ctms',
  'cdisc',
  'define',
  'sdtm',
  'standardsImport',
  'compliance',
  'coding',
];

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { proxy: { '/trpc': api, '/api': api, '/auth/oidc': api } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 500,
    // Every browser the app supports preloads modules natively: no polyfill in the entry chunk. A
    // language's strings have nothing to preload beside them (175 string files share a few chunks):
    // listing their dependencies cost the entry chunk, which every page loads, about 0.5 KB.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        /\/locale-[a-z]{2}(-[a-z]+)?-[\w-]+\.js$/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      // @ctp/contracts is one index over every schema: only the modules a chunk uses (e.g. the
      // constants for the landing page) are kept, not all of them and zod with them.
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/packages/contracts/src/') ? false : undefined),
      },
      output: {
        // The strings: per language, one chunk with what the landing page reads, one with the log-in
        // page's, one with the messages of refused input and one with the rest (src/lib/i18n.ts), so a page downloads only what it reads.
        manualChunks(id) {
          const locale = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(id);
          if (!locale) return undefined;
          const [, lang, ns] = locale;
          if (CORE_NAMESPACES.includes(ns!)) return `locale-${lang}-core`;
          if (ns === 'validation') return `locale-${lang}-validation`;
          if (ON_DEMAND_NAMESPACES.includes(ns!)) return `locale-${lang}-screens`;
          return ACCOUNT_NAMESPACES.includes(ns!) ? `locale-${lang}-account` : `locale-${lang}`;
        },
      },
    },
  },
});
