// One place for the loaders, the shared singletons and the federation defaults of every app.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PreloadManifestPlugin } = require('./scripts/lib/preload-manifest-plugin.cjs');
const { developmentPolicy, securityHeaders } = require('./scripts/lib/security-headers.cjs');

/**
 * react-router's package exports point only at its development build; production builds use its
 * production files (no dev warnings, smaller), which the package ships beside them.
 */
function productionAliases() {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

/**
 * The apps compile @sports/contracts from its ES module sources: its package entry is the CommonJS
 * build for the API, which webpack cannot tree-shake (one imported constant would bring every schema and all of zod).
 */
function contractsAlias() {
  return { '@sports/contracts$': path.join(__dirname, 'packages', 'contracts', 'src', 'index.ts') };
}

/**
 * Libraries that must exist once per page: the shell provides them, remotes reuse them.
 * The router and TanStack Query are shared as @sports/router and @sports/query (only the parts the
 * apps use), never react-router or @tanstack/react-query whole.
 */
const SINGLETONS = ['react', 'react-dom', '@sports/router', '@sports/api-client', '@sports/query'];

/**
 * Federation runtime settings (README, `npm run bench:bundle`).
 * - disableSnapshot: remotes are registered by their remoteEntry.js URL, never by an mf-manifest.json,
 *   so the snapshot and preload plugins are never used.
 * - target 'web': the runtime's Node script loader is dropped.
 * - disableRemote (remotes only): a remote never loads another remote.
 * - The shell puts its runtime core on the page (the package's runtime plugin, taken as ES module:
 *   `provideExternalRuntime` would take its CommonJS build and bundle a second copy of the core), and
 *   each remote's production entry uses it instead of carrying its own copy. A remote running alone
 *   (`npm run dev -w booking-mfe`) keeps its own runtime.
 */
function federationOptions({ isRemote, production }) {
  const optimization = { disableSnapshot: true, target: 'web', ...(isRemote ? { disableRemote: true } : {}) };
  if (!isRemote) {
    const provider = path.join(path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')), 'index.js');
    return { experiments: { optimization }, runtimePlugins: [provider] };
  }
  return { experiments: { optimization, externalRuntime: production } };
}

/** The modules of the shared singletons and of what they import (the router's react-router, the query client's core, zod). */
const SHARED_LIBRARY = /[\\/](node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)|packages[\\/](router|query|api-client)[\\/]src|packages[\\/]contracts[\\/]zod-mini\.shared)[\\/.]/;
const isSharedLibrary = (module) => SHARED_LIBRARY.test(module.resource ?? '');

function sharedSingletons(appDir) {
  const { dependencies } = require(path.join(appDir, 'package.json'));
  const shared = {};
  for (const name of SINGLETONS) {
    const version = dependencies[name];
    if (!version) throw new Error(`${appDir}/package.json must depend on ${name}`);
    shared[name] = { singleton: true, requiredVersion: version, strictVersion: true };
  }
  // Prefix key: shares react-dom/client (and any other react-dom/* entry) too.
  shared['react-dom/'] = { singleton: true, requiredVersion: dependencies['react-dom'], strictVersion: true };
  // The response schemas' validator, provided as the small module that re-exports what they use.
  const zod = require('zod/package.json').version;
  shared['zod/mini'] = { import: path.join(__dirname, 'packages', 'contracts', 'zod-mini.shared.ts'), singleton: true, version: zod, requiredVersion: zod, strictVersion: true };
  return shared;
}

/**
 * Dev servers send the basic security headers (no framing, no plugins, no <base>), not the
 * production script and connect limits: eval source maps, style-loader, hot reload and a remote
 * pointed at any API (?api=) must keep working. A remote's files may be read by the dev shell's page.
 */
function devServerHeaders(req, isRemote) {
  const headers = securityHeaders({ policy: developmentPolicy() });
  if (!isRemote) return headers;
  const shellOrigins = ['localhost', '127.0.0.1'].map((host) => `http://${host}:${process.env.SHELL_PORT || 3000}`);
  const origin = req.headers.origin;
  return {
    ...headers,
    // The dev server answers same-origin only unless told otherwise; the dev shell (another port) loads these scripts.
    'Cross-Origin-Resource-Policy': 'same-site',
    Vary: 'Origin',
    ...(origin && shellOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin } : {}),
  };
}

/**
 * Webpack config of one app.
 * @param {object} options
 * @param {string} options.appDir     the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name       federation name (shell, booking, admin, organizer)
 * @param {number} options.port       dev-server port
 * @param {string} options.title      page title of the app's own HTML
 * @param {Record<string,string>} [options.exposes]  what a remote exposes
 */
function createAppConfig({ appDir, name, port, title, exposes }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const isRemote = Boolean(exposes);
    // A remote's production build is its container only: remoteEntry.js and its chunks, which use the
    // shell's federation runtime. Its own page (and the entry that starts it) is for running it alone in development.
    const standalonePage = !(isRemote && production);
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: standalonePage ? './src/index.ts' : {},
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath: isRemote ? 'auto' : '/',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { ...contractsAlias(), ...(production ? productionAliases() : {}) } },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.json') } },
          },
          // Production: stylesheets are .css files beside the chunks that import them, loaded with them
          // (no CSS inside the JavaScript, no inline <style> for the CSP to allow). Development: style-loader.
          { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
          { test: /\.svg$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isRemote ? 'remoteEntry.js' : undefined,
          // Named chunks ('booking-pages'), so preload.json can list what loading an exposed module fetches.
          exposes: Object.fromEntries(Object.entries(exposes ?? {}).map(([key, file]) => [key, { import: file, name: `${name}-${key.slice(2)}` }])),
          remotes: {},
          shared: sharedSingletons(appDir),
          dts: false,
          manifest: false,
          ...federationOptions({ isRemote, production }),
        }),
        production && new PreloadManifestPlugin(),
        production && new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
        standalonePage &&
          new HtmlWebpackPlugin({
            template: path.join(__dirname, 'scripts', 'index.html'),
            title,
            // '/' keeps deep links working on a remote running alone.
            filename: 'index.html',
            publicPath: '/',
          }),
      ].filter(Boolean),
      // The shell loads every shared library it provides before its first render: one file, not ten.
      optimization: isRemote ? undefined : { splitChunks: { cacheGroups: { startup: { name: 'startup', chunks: 'async', test: isSharedLibrary, enforce: true } } } },
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        headers: (req) => devServerHeaders(req, isRemote),
        client: { overlay: false },
      },
    };
  };
}

module.exports = { createAppConfig };
