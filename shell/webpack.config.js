const path = require('node:path');
const { createAppConfig } = require('../webpack.shared');

const app = createAppConfig({ appDir: __dirname, name: 'shell', port: Number(process.env.SHELL_PORT || 3000), title: 'Sports Complex Tickets' });

/** Files of the offline gate's worker build that the app's build must leave in dist/. */
const GATE_FILES = /^(gate-sw\.js(\.map)?|gate\.webmanifest|gate-icon\.svg)$/;

/**
 * The organizer gate's service worker (gate-worker/), built beside the shell's files under fixed
 * names: a service worker is served from the page's own origin, here the shell's, at a URL that
 * stays the same from one deploy to the next (/gate-sw.js), with its manifest and icon.
 */
function gateWorker(production) {
  return {
    name: 'gate-worker',
    mode: production ? 'production' : 'development',
    target: 'webworker',
    context: __dirname,
    entry: { 'gate-sw': './gate-worker/gate-sw.ts' },
    devtool: production ? 'source-map' : false,
    output: { path: path.join(__dirname, 'dist'), publicPath: '/', filename: '[name].js', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(__dirname, 'gate-worker', 'tsconfig.json') } } },
        { test: /\.(webmanifest|svg)$/, type: 'asset/resource', generator: { filename: '[name][ext]' } },
      ],
    },
    performance: { hints: false },
  };
}

module.exports = (env, argv) => {
  const config = app(env, argv);
  const production = argv.mode === 'production';
  config.name = 'shell';
  config.output.clean = { keep: GATE_FILES };
  // The dev server serves the shell's compiler; the worker is built into dist/ beside it.
  return [config, gateWorker(production)];
};
