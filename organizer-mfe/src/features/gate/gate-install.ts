// Makes the gate an installable web app that reloads with no network: its manifest on the page
// while the gate is open, and its service worker (served by the shell from its origin, scoped to
// the gate's route), which keeps the pages and scripts the gate was opened with.
import { GATE_MANIFEST_PATH, GATE_SCOPE, GATE_SERVICE_WORKER_PATH } from '@sports/contracts';

/** Adds the manifest link; the returned function takes it away (other pages are not the app). */
export function addGateManifest(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = GATE_MANIFEST_PATH;
  document.head.append(link);
  return () => link.remove();
}

/** What the page loaded so far (the shell page, its scripts, the remote's, runtime-config.json): the worker keeps them. */
function loadedUrls(): string[] {
  const urls = new Set<string>([location.href, new URL('/runtime-config.json', location.href).href]);
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (/\.(js|css)(\?|$)/.test(new URL(entry.name).pathname)) urls.add(entry.name);
  }
  return [...urls];
}

/**
 * Registers the gate's worker once and hands it what this page loaded before the worker
 * controlled it (the first visit); later loads are kept by the worker as they pass.
 * Resolves when the worker has them (false where there are no service workers).
 */
export async function registerGateWorker(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  try {
    await navigator.serviceWorker.register(GATE_SERVICE_WORKER_PATH, { scope: GATE_SCOPE });
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return false;
    const channel = new MessageChannel();
    const kept = new Promise<boolean>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<{ kept?: boolean }>) => resolve(event.data.kept === true);
    });
    worker.postMessage({ type: 'keep', urls: loadedUrls() }, [channel.port2]);
    return await kept;
  } catch (error) {
    console.warn('The gate could not be made to work offline:', error);
    return false;
  }
}
