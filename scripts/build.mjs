import { buildAll } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';

ensureInstalled();
buildAll({ force: process.argv.includes('--force') });
