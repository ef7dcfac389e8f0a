import { getInstance } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '../runtime-config';

/** Registers each remote's entry URL from the runtime config; nothing is downloaded until a remote is rendered. */
export function registerRemoteEntries(remotes: Record<RemoteName, string>): void {
  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is not initialised');
  federation.registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

export async function loadRemoteComponent<P>(id: string): Promise<{ default: ComponentType<P> }> {
  const federation = getInstance();
  const module = await federation?.loadRemote<{ default?: ComponentType<P> }>(id);
  if (!module?.default) throw new Error(`Remote module ${id} has no default export`);
  return { default: module.default };
}
