import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
  ...APPS.flatMap(isolationRules),
  {
    files: ['packages/contracts/src/**/*.responses.ts', 'packages/contracts/src/enums.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'Response schemas use zod/mini: they are bundled into the apps.' }] }] },
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
