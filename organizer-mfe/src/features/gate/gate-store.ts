// The gate's own copy, kept in the browser's IndexedDB so it outlives a reload with no network:
//   copies    one per event: the last snapshot the API gave (tickets, window, public key)
//   scans     every scan this device admitted or refused, with `synced` (0 waiting, 1 sent) and the outcome the API gave
//   settings  this device's gate name
import type { GateRefusal, GateScanOutcome, GateSnapshotResponse } from '@sports/contracts';

const DB_NAME = 'sports-gate';
const DB_VERSION = 1;

export type GateCopy = Omit<GateSnapshotResponse, 'success'>;

export interface StoredScan {
  scanId: string;
  eventId: number;
  /** The ticket admitted, or the one a refusal named (none when it named no ticket). */
  ticketId?: string;
  /** The gate's answer when it refused the scan: sent to be logged, never a check-in. */
  refused?: GateRefusal;
  /** ISO instant of the scan (this device's clock). */
  at: string;
  override: boolean;
  device: string;
  /** 0: waiting to be sent; 1: the API has it (IndexedDB cannot index booleans). */
  synced: 0 | 1;
  outcome: GateScanOutcome | null;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('copies', { keyPath: 'event.id' });
      const scans = db.createObjectStore('scans', { keyPath: 'scanId' });
      scans.createIndex('event_synced', ['eventId', 'synced']);
      db.createObjectStore('settings');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export async function readCopy(eventId: number): Promise<GateCopy | null> {
  const db = await openDb();
  return ((await promised(db.transaction('copies').objectStore('copies').get(eventId))) as GateCopy | undefined) ?? null;
}

/** Every event this device keeps a copy of (the choice when there is no network to list them). */
export async function readCopiedEvents(): Promise<Array<{ id: number; name: string; syncedAt: string }>> {
  const db = await openDb();
  const copies = (await promised(db.transaction('copies').objectStore('copies').getAll())) as GateCopy[];
  return copies.map((c) => ({ id: c.event.id, name: c.event.name, syncedAt: c.syncedAt }));
}

export async function writeCopy(copy: GateCopy): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('copies', 'readwrite');
  tx.objectStore('copies').put(copy);
  await done(tx);
}

/** Forgets an event's copy (its holders' names): the API no longer gives it to whoever is signed in now. */
export async function deleteCopy(eventId: number): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('copies', 'readwrite');
  tx.objectStore('copies').delete(eventId);
  await done(tx);
}

export async function addScans(scans: readonly StoredScan[]): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('scans', 'readwrite');
  for (const scan of scans) tx.objectStore('scans').put(scan);
  await done(tx);
}

/** Every scan this device admitted or refused for an event (sent or waiting), oldest first. */
export async function readScans(eventId: number): Promise<StoredScan[]> {
  const db = await openDb();
  const range = IDBKeyRange.bound([eventId, 0], [eventId, 1]);
  const scans = (await promised(db.transaction('scans').objectStore('scans').index('event_synced').getAll(range))) as StoredScan[];
  return scans.sort((a, b) => a.at.localeCompare(b.at));
}

/** Marks scans sent, with what the API said of each (one write each, no read). */
export async function markSynced(scans: readonly StoredScan[], outcomes: ReadonlyMap<string, GateScanOutcome>): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('scans', 'readwrite');
  const store = tx.objectStore('scans');
  for (const scan of scans) {
    const outcome = outcomes.get(scan.scanId);
    if (outcome) store.put({ ...scan, synced: 1, outcome });
  }
  await done(tx);
}

export async function readSetting(key: 'device'): Promise<string | null> {
  const db = await openDb();
  return ((await promised(db.transaction('settings').objectStore('settings').get(key))) as string | undefined) ?? null;
}

export async function writeSetting(key: 'device', value: string): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('settings', 'readwrite');
  tx.objectStore('settings').put(value, key);
  await done(tx);
}
