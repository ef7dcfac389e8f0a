import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * A Debian package the tests or scripts need: when `path` is missing it is installed with apt-get
 * (only as root; otherwise the error says what to install). Returns `path`.
 * @param {{ path: string, packageName: string, purpose: string, override?: string }} options
 *   `override`: the variable that names another path instead, for the error message
 */
export function ensureDebianPackage({ path, packageName, purpose, override }) {
  if (existsSync(path)) return path;
  const instead = override ? ` or set ${override}` : '';
  if (process.getuid?.() !== 0) {
    throw new Error(`${path} is missing. Install Debian's "${packageName}" package (sudo apt-get install -y --no-install-recommends ${packageName})${instead}.`);
  }
  console.log(`› Installing Debian ${packageName} for ${purpose}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', packageName]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  if (!existsSync(path)) throw new Error(`${packageName} was installed but ${path} is missing`);
  return path;
}
