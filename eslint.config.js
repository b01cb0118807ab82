import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const web = 'apps/web/src';
const features = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature's public surface: its RTK Query endpoints (api.ts) and its Redux slices
 * (*-slice.ts). Everything else in a feature (pages, components, hooks) is its own business.
 */
const featurePublicSurface = [`**/${web}/features/*/api.ts`, `**/${web}/features/*/*-slice.ts`];

/**
 * One-way imports (bulletproof-react): components/ui, lib and config → features → app. Only the
 * app (router, store, layouts) puts features together.
 */
const importZones = [
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components, lib, config) may not import features or app/.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'A feature may not import app/; paths live in config/, store hooks in lib/.' },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}/**`,
    from: `${web}/features/!(${feature})/**`,
    except: featurePublicSurface,
    message: `A feature may import another feature's api.ts or *-slice.ts only (here: ${feature}).`,
  })),
];

const server = 'apps/server/src';

/**
 * The server's layers, lowest first: lib/ (helpers that know no database), db/ (schema, client,
 * generic queries), modules/ (the shop's rules). The entry points (main.ts, app.ts, cli/) put them
 * together. Among the modules, payments → refunds → orders (and payments → orders).
 */
const serverImportZones = [
  { target: `${server}/lib`, from: [`${server}/db`, `${server}/modules`], message: 'lib/ may not import db/ or modules/.' },
  {
    target: `${server}/db`,
    from: [`${server}/modules`, `${server}/cli`],
    message: 'db/ may not import modules/ or cli/: a tool that needs both belongs in cli/, a test that needs them in test/.',
  },
  // Money flows one way: a payment fulfils an order and may refund it; a refund changes an order.
  {
    target: `${server}/modules/orders`,
    from: [`${server}/modules/refunds`, `${server}/modules/payments`],
    message: 'orders/ may not import refunds/ or payments/: they build on orders (an order with its refunds is read in orders/).',
  },
  {
    target: `${server}/modules/refunds`,
    from: `${server}/modules/payments`,
    message: 'refunds/ may not import payments/: payments call refunds (the Stripe client is in integrations/stripe/).',
  },
  {
    target: `${server}/modules/license-changes/!(*.test).ts`,
    from: ['licenses', 'license-server', 'customer-actions', 'customers', 'payments', 'refunds', 'orders'].map((m) => `${server}/modules/${m}`),
    message: 'The licensing wing is imported by the modules that change licences, never the other way (docs/decisions/0018).',
  },
];

/**
 * Only the licensing wing (modules/license-changes) writes the licences table: its verbs keep
 * validation's row cache coherent, audit and tell the customer (docs/decisions/0018). Elsewhere
 * the table is read only. The named exceptions write columns no rule reads back, or rows no
 * product process holds yet: the licence server's batched bookkeeping of checks (last validated,
 * last app version, lease expiry, the copied-state flag), the demo seeder's licences and tests.
 */
const licensesWriteMessage = 'Only the licensing wing (modules/license-changes) writes the licenses table: add or use a verb there (docs/decisions/0018).';
const licensesWriteSyntax = [
  {
    selector: "CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name='licenses']",
    message: licensesWriteMessage,
  },
  {
    selector: "TemplateLiteral:has(TemplateElement[value.raw=/(update|insert\\s+into|delete\\s+from)\\s+$/i]):has(> Identifier[name='licenses'])",
    message: licensesWriteMessage,
  },
  {
    selector: 'TemplateElement[value.raw=/\\b(update|insert\\s+into|delete\\s+from)\\s+"?licenses"?(\\s|$)/i]',
    message: licensesWriteMessage,
  },
  {
    selector: "CallExpression[callee.name=/^insert/][arguments.1.value='licenses']",
    message: licensesWriteMessage,
  },
  {
    selector: 'Literal[value=/\\b(update|insert\\s+into|delete\\s+from)\\s+"?licenses"?(\\s|$)/i]',
    message: licensesWriteMessage,
  },
];
const licensesWriters = [
  `${server}/modules/license-changes/**`,
  `${server}/modules/license-server/license-check-log.ts`,
  `${server}/modules/license-server/device-addresses.ts`,
  `${server}/cli/seed-demo/licenses.ts`,
  `${server}/**/*.test.ts`,
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { basePath: repoRoot, zones: importZones }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: repoRoot, zones: serverImportZones }],
    },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: licensesWriters,
    rules: { 'no-restricted-syntax': ['error', ...licensesWriteSyntax] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
