import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import noImportCycle from './scripts/eslint/no-import-cycle.mjs';

const APPS = ['shell', 'booking-mfe', 'admin-mfe', 'organizer-mfe'];

/** The router comes from @sports/router, the one shared module (tests may use react-router's MemoryRouter). */
const ROUTER_PATHS = [
  ...['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import the router from @sports/router.' })),
  { name: '@tanstack/react-query', message: 'Import TanStack Query from @sports/query.' },
];

/** Request schemas are written with full zod for the API: an app that imported one would bundle it. */
const REQUEST_SCHEMAS = {
  group: ['@sports/contracts'],
  importNamePattern: '(Request|Query|Param)Schema$|^genreSchema$',
  message: 'Apps use response schemas and enumerations of contracts, never request schemas (full zod).',
};

/** A remote imports only from packages/*: never another remote nor the shell. Its sources take the router from @sports/router. */
function isolationRules(app) {
  const others = APPS.filter((a) => a !== app);
  const rule = (extraPaths) => [
    'error',
    {
      patterns: [
        { group: others.flatMap((o) => [`**/${o}`, `**/${o}/**`, o, `${o}/**`]), message: 'An app imports only from packages/*, never from another app.' },
        REQUEST_SCHEMAS,
        { group: ['booking/*', 'admin/*', 'organizer/*'], message: 'Remotes are loaded at run time by the shell, never imported.' },
      ],
      paths: extraPaths,
    },
  ];
  return [
    { files: [`${app}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': rule([]) } },
    { files: [`${app}/src/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': rule(ROUTER_PATHS) } },
  ];
}

/**
 * The API's folders. A feature folder (one area of the product: its routes, services and SQL)
 * imports only itself, the shared modules and the few files other features are meant to use
 * (FEATURE_SURFACES); the shared modules import no feature but those surfaces. app.ts and
 * server.ts (which compose the features), seed.ts and demo/ (which fill a database) are free.
 */
const API_FEATURES = ['account', 'admin', 'auth', 'booking', 'checkin', 'events', 'feedback', 'health', 'locations', 'organizer', 'organizer-applications', 'password-reset', 'promo-codes', 'refunds', 'reviews', 'sections', 'tickets', 'transfers'];
const API_SHARED_FOLDERS = ['audit', 'db', 'http', 'mail', 'orders', 'rate-limit', 'uploads'];
const API_SHARED_FILES = ['background.ts', 'clock.ts', 'config.ts', 'context.ts', 'errors.ts', 'logger.ts', 'signing-key.ts'];
/** What a feature offers the others: the session and account core of auth, the payment provider, an event's public page, the section catalog, the address check. */
const FEATURE_SURFACES = [
  'auth/auth.middleware.ts',
  'auth/device-cookie.ts',
  'auth/google-token.ts',
  'auth/passwords.ts',
  'auth/session-token.ts',
  'auth/sessions.repository.ts',
  'auth/users.repository.ts',
  'booking/payment.ts',
  'events/event-page.ts',
  'sections/section-catalog.ts',
  'locations/locations.service.ts',
];
const API_SHARED = [...API_SHARED_FOLDERS, ...API_SHARED_FILES].map((p) => `./${p}`);

const API_ZONES = [
  ...API_FEATURES.map((feature) => ({
    target: `./api/src/${feature}`,
    from: './api/src',
    except: [`./${feature}`, ...API_SHARED, ...FEATURE_SURFACES.map((p) => `./${p}`)],
    message: `A feature imports only itself, the shared modules (db, http, orders, mail, ...) and the surfaces other features offer: compose features in app.ts.`,
  })),
  {
    target: [...API_SHARED_FOLDERS.map((f) => `./api/src/${f}`), ...API_SHARED_FILES.map((f) => `./api/src/${f}`)],
    from: API_FEATURES.map((f) => `./api/src/${f}`),
    except: FEATURE_SURFACES.map((p) => `./${p.slice(p.indexOf('/') + 1)}`),
    message: 'A shared module depends on no feature.',
  },
  { target: './api/src/config.ts', from: './api/src', except: ['./config.ts', './signing-key.ts'], message: 'Configuration depends on nothing of the API.' },
];

export default tseslint.config(
  // Benchmarks (plain Node ESM) are linted too: `eslint api bench` must have files to check.
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', '**/*.js', '**/*.cjs', '**/*.mjs', '!bench/**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycle anywhere: API, packages, apps, tests. import-x follows package names too but
    // skips type-only imports; the local rule follows relative imports of any kind.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'local/no-import-cycle': 'error' },
  },
  {
    files: ['api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: API_ZONES }] },
  },
  ...APPS.flatMap(isolationRules),
  {
    files: ['packages/contracts/src/**/*.responses.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'Response schemas use zod/mini: they are bundled into the apps.' }] }] },
  },
  {
    // What the apps import besides response schemas: enumerations, limits, texts. No validator at all.
    files: ['packages/contracts/src/{enums,admin-enums,organizer-enums,limits,organizer-limits,organizer-datetime,wait,transfer-states,organizer-application-limits,waiting-room-limits}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['zod', 'zod/*', './*.responses', '../zod-mini.shared'], message: 'Enumerations and limits import no validator: the apps import them without bundling one.' }] },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/router/**', 'packages/query/**', 'packages/contracts/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ROUTER_PATHS, patterns: [REQUEST_SCHEMAS] }] },
  },
  {
    // The area modules reach the HTTP core through the package name, so apps share its one instance.
    files: ['packages/api-client/src/**/*.ts'],
    ignores: ['packages/api-client/src/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ROUTER_PATHS, patterns: [REQUEST_SCHEMAS, { group: ['./http', './http.ts'], message: "Import the core from '@sports/api-client' (the shared singleton)." }] }] },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: APPS.flatMap((a) => [`**/${a}/**`, a]), message: 'The API never imports from an app.' }] }],
    },
  },
);
