export const REMOTE_NAMES = ['booking', 'admin', 'organizer'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Served beside the shell as /runtime-config.json, so a deploy can move the API or a remote without a rebuild. The
 * shell's server also writes it into the page (script#runtime-config), which saves the page a round trip.
 */
export interface RuntimeConfig {
  apiUrl: string;
  remotes: Record<RemoteName, string>;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value, 'http://placeholder').protocol);
  } catch {
    return false;
  }
}

export function parseRuntimeConfig(data: unknown): RuntimeConfig {
  const raw = (data ?? {}) as Partial<RuntimeConfig>;
  const problems: string[] = [];
  if (!isUrl(raw.apiUrl)) problems.push('apiUrl');
  const remotes = (raw.remotes ?? {}) as Partial<Record<RemoteName, unknown>>;
  for (const name of REMOTE_NAMES) if (!isUrl(remotes[name])) problems.push(`remotes.${name}`);
  if (problems.length > 0) throw new Error(`runtime-config.json is missing or has bad values: ${problems.join(', ')}`);
  return raw as RuntimeConfig;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const written = document.getElementById('runtime-config')?.textContent;
  if (written) return parseRuntimeConfig(JSON.parse(written));
  const response = await fetch('/runtime-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`runtime-config.json could not be loaded (${response.status})`);
  return parseRuntimeConfig(await response.json());
}
