// Builds the kit harness (e2e/kit-harness/*.tsx) with webpack's Node API into a temporary folder and
// serves it on 127.0.0.1 (any path answers the page, as a SPA host does). Used by e2e/kit.e2e.ts.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';

const HARNESS_DIR = __dirname;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>Kit harness</title>
    <style>body { margin: 0; font-family: system-ui, sans-serif; background: #f5f7fb; }</style>
  </head>
  <body>
    <div id="root"></div>
    <script src="/harness.js"></script>
  </body>
</html>
`;

function build(outDir: string): Promise<void> {
  const compiler = webpack({
    mode: 'development',
    devtool: false,
    context: HARNESS_DIR,
    entry: './index.tsx',
    output: { path: outDir, filename: 'harness.js', publicPath: '/' },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: join(HARNESS_DIR, 'tsconfig.json') } },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      ],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

export interface HarnessServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startHarness(): Promise<HarnessServer> {
  const outDir = await mkdtemp(join(tmpdir(), 'kit-harness-'));
  await build(outDir);
  await writeFile(join(outDir, 'index.html'), INDEX_HTML);
  const script = await readFile(join(outDir, 'harness.js'));
  const server = createServer((request, response) => {
    const isScript = request.url === '/harness.js';
    response.writeHead(200, { 'Content-Type': isScript ? 'text/javascript' : 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(isScript ? script : INDEX_HTML);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
