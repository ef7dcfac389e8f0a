// The gate's state for one event: its copy (from IndexedDB at once, refreshed from the API when
// online), answers to scans from that copy, the scans waiting to be sent, and their sync.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isNetworkError } from '@sports/api-client';
import { getGateSnapshot, syncGateScans } from '@sports/api-client/gate';
import { CHECKIN_HEADLINES, GATE_SYNC_MAX_SCANS } from '@sports/contracts';
import type { GateRefusal, GateScan, GateScanOutcome, GateSyncResult } from '@sports/contracts';
import { decide, indexCopy, manilaTime } from './gate-decide';
import type { GateAnswer, GateBook } from './gate-decide';
import { addScans, deleteCopy, markSynced, readCopy, readScans, writeCopy } from './gate-store';
import type { GateCopy, StoredScan } from './gate-store';
import { ticketVerifier } from './gate-verify';
import type { TicketVerifier } from './gate-verify';

/** While online, the copy is refreshed this often (other gates' and the list's check-ins). */
const REFRESH_MS = 60_000;

export interface GateState {
  /** 'loading': reading the copy; 'ready': scans are answered; 'no-copy': never opened online for this event. */
  phase: 'loading' | 'ready' | 'no-copy';
  eventName: string | null;
  online: boolean;
  /** When the API last gave this device the copy or took its scans (ISO), null never. */
  lastSyncedAt: string | null;
  pending: number;
  syncing: boolean;
  /** Why the last sync failed (not for a missing network), null when it did not. */
  syncError: string | null;
  tickets: number;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The copy with this device's admissions applied that the copy does not show yet. */
function applyOwnScans(copy: GateCopy, scans: readonly StoredScan[]): GateCopy {
  const own = new Map<string, StoredScan>();
  for (const scan of scans) if (scan.ticketId && !scan.refused && !own.has(scan.ticketId)) own.set(scan.ticketId, scan);
  if (own.size === 0) return copy;
  return {
    ...copy,
    tickets: copy.tickets.map((t) => {
      const scan = own.get(t.ticketId);
      return scan && t.checkedInAt === null ? { ...t, checkedInAt: scan.at, gate: scan.device } : t;
    }),
  };
}

/** A stored scan as the sync sends it. */
function toGateScan({ scanId, ticketId, refused, at, override }: StoredScan): GateScan {
  return { scanId, ...(ticketId ? { ticketId } : {}), ...(refused ? { refused } : {}), at, override };
}

export function useGate(eventId: number | null, device: string) {
  const [state, setState] = useState<GateState>({ phase: 'loading', eventName: null, online: browserOnline(), lastSyncedAt: null, pending: 0, syncing: false, syncError: null, tickets: 0 });
  const book = useRef<GateBook | null>(null);
  const verifier = useRef<{ key: string; verify: TicketVerifier } | null>(null);
  const syncing = useRef<Promise<Map<string, GateSyncResult>> | null>(null);
  const pendingScans = useRef<StoredScan[]>([]);
  /** Every admission of this device for the event (sent or not): a copy made before it still shows it. */
  const ownScans = useRef<StoredScan[]>([]);
  const current = useRef(eventId);
  current.current = eventId;
  /**
   * The gate's name: it names itself when it takes a copy (the API records when each gate first
   * did). Named after its first copy, it says so with the next one (a refresh a minute): until then
   * the API counts from the first copy any gate took (docs/checkin.md). A copy of thousands of
   * tickets is not fetched again just for the name, while the first scans go out.
   */
  const deviceName = useRef(device);
  deviceName.current = device;

  const patch = useCallback((next: Partial<GateState>) => setState((s) => ({ ...s, ...next })), []);

  /** Takes a copy as the one to answer from; the verifier is made once per public key. */
  const adoptCopy = useCallback(
    async (copy: GateCopy) => {
      if (verifier.current?.key !== copy.publicKey) verifier.current = { key: copy.publicKey, verify: await ticketVerifier(copy.publicKey) };
      book.current = indexCopy(applyOwnScans(copy, ownScans.current));
      patch({ phase: 'ready', eventName: copy.event.name, lastSyncedAt: copy.syncedAt, tickets: copy.tickets.length });
    },
    [patch],
  );

  /** Asks the API for a fresh copy and keeps it; false when there is no network. */
  const refresh = useCallback(
    async (id: number): Promise<boolean> => {
      try {
        const snapshot = await getGateSnapshot(id, deviceName.current || undefined);
        const copy: GateCopy = { event: snapshot.event, window: snapshot.window, publicKey: snapshot.publicKey, tickets: snapshot.tickets, legacyOrders: snapshot.legacyOrders, syncedAt: snapshot.syncedAt };
        if (current.current !== id) return true;
        await writeCopy(copy);
        await adoptCopy(copy);
        patch({ online: browserOnline(), syncError: null });
        return true;
      } catch (error) {
        if (isNetworkError(error)) {
          patch({ online: false });
          return false;
        }
        // Signed out, or signed in as someone whose event this is not: the device keeps no copy of it.
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) await deleteCopy(id);
        throw error;
      }
    },
    [patch, adoptCopy],
  );

  /** Takes the API's word on sent scans: the tickets' check-ins in the copy, the scans no longer waiting (kept as sent). */
  const applyResults = useCallback(
    (sent: readonly StoredScan[], results: readonly GateSyncResult[], syncedAt: string) => {
      const outcomes = new Map<string, GateScanOutcome>();
      for (const result of results) {
        outcomes.set(result.scanId, result.outcome);
        const ticket = result.ticketId === null ? undefined : book.current?.byId.get(result.ticketId);
        if (ticket && result.checkedInAt) {
          ticket.checkedInAt = result.checkedInAt;
          ticket.gate = result.gate;
        }
      }
      pendingScans.current = pendingScans.current.filter((s) => !outcomes.has(s.scanId));
      if (book.current) book.current.copy.syncedAt = syncedAt;
      patch({ pending: pendingScans.current.length, lastSyncedAt: syncedAt, online: browserOnline(), syncError: null });
      void markSynced(sent, outcomes).catch((error: unknown) => console.warn('The gate could not note its sent scans:', error));
    },
    [patch],
  );

  /** Takes scans as waiting to be sent (and the admissions as this device's own), and stores them. */
  const keep = useCallback(
    (scans: StoredScan[]) => {
      pendingScans.current = [...pendingScans.current, ...scans];
      ownScans.current = [...ownScans.current, ...scans.filter((s) => !s.refused)];
      patch({ pending: pendingScans.current.length });
      // IndexedDB runs its writes in order: the scans are stored before anything marks them sent.
      void addScans(scans).catch((error: unknown) => console.warn('The gate could not store a scan:', error));
    },
    [patch],
  );

  /** Sends every scan waiting, per gate name, in calls of at most GATE_SYNC_MAX_SCANS; one sync at a time. */
  const sync = useCallback((): Promise<Map<string, GateSyncResult>> => {
    const id = current.current;
    if (id === null) return Promise.resolve(new Map());
    if (syncing.current) return syncing.current.then(() => sync());
    const run = (async () => {
      const results = new Map<string, GateSyncResult>();
      const waiting = pendingScans.current.filter((s) => s.eventId === id);
      if (waiting.length === 0) return results;
      patch({ syncing: true });
      try {
        const byDevice = new Map<string, StoredScan[]>();
        for (const scan of waiting) byDevice.set(scan.device, [...(byDevice.get(scan.device) ?? []), scan]);
        for (const [name, scans] of byDevice) {
          for (let i = 0; i < scans.length; i += GATE_SYNC_MAX_SCANS) {
            const part = scans.slice(i, i + GATE_SYNC_MAX_SCANS);
            const answer = await syncGateScans(id, name, part.map(toGateScan));
            for (const result of answer.results) results.set(result.scanId, result);
            applyResults(part, answer.results, answer.syncedAt);
          }
        }
      } catch (error) {
        if (isNetworkError(error)) patch({ online: false });
        else patch({ syncError: error instanceof Error ? error.message : 'The sync failed' });
      } finally {
        patch({ syncing: false });
      }
      return results;
    })();
    syncing.current = run;
    void run.finally(() => {
      if (syncing.current === run) syncing.current = null;
    });
    return run;
  }, [applyResults, patch]);

  // The copy kept on this device first (answers at once, with or without network), then a fresh one.
  useEffect(() => {
    if (eventId === null) return undefined;
    let stale = false;
    book.current = null;
    patch({ phase: 'loading', eventName: null, lastSyncedAt: null, pending: 0, tickets: 0 });
    void (async () => {
      const [copy, own] = await Promise.all([readCopy(eventId), readScans(eventId)]);
      if (stale) return;
      const pending = own.filter((s) => s.synced === 0);
      ownScans.current = own;
      pendingScans.current = pending;
      patch({ pending: pending.length });
      if (copy) await adoptCopy(copy);
      if (stale) return;
      const fresh = browserOnline() && (await refresh(eventId).catch(() => false));
      if (!stale && !copy && !fresh) patch({ phase: 'no-copy' });
      if (!stale && fresh && pending.length > 0) await sync();
    })();
    return () => {
      stale = true;
    };
  }, [eventId, patch, refresh, sync, adoptCopy]);

  // Online again: send what waits, then take a fresh copy; offline: say so. A refresh now and then while online.
  useEffect(() => {
    if (eventId === null) return undefined;
    const onOnline = () => {
      patch({ online: true });
      void sync().then(() => refresh(eventId).catch(() => false));
    };
    const onOffline = () => patch({ online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = setInterval(() => {
      if (browserOnline()) void sync().then(() => refresh(eventId).catch(() => false));
    }, REFRESH_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearInterval(timer);
    };
  }, [eventId, patch, refresh, sync]);

  /**
   * Answers one scan from the copy. An admission is recorded at once (IndexedDB) and, when
   * online, sent right away: the API's word (first scan across gates wins) is the answer shown.
   */
  const scan = useCallback(
    async (text: string, override = false): Promise<GateAnswer | null> => {
      const id = current.current;
      const gateBook = book.current;
      const verify = verifier.current?.verify;
      if (id === null || !gateBook || !verify || !device) return null;
      const now = Date.now();
      let answer = await decide(text, gateBook, verify, now, override);
      // A ticket sold after the copy was made: with network, a fresh copy may know it.
      if (answer.result === 'not_found' && browserOnline() && (await refresh(id).catch(() => false)) && book.current) {
        answer = await decide(text, book.current, verify, now, override);
      }
      const at = new Date(now).toISOString();
      const stored = (ticketId: string | undefined, refused?: GateRefusal): StoredScan => ({
        scanId: crypto.randomUUID(),
        eventId: id,
        ...(ticketId ? { ticketId } : {}),
        ...(refused ? { refused } : {}),
        at,
        override: answer.overridden,
        device,
        synced: 0,
        outcome: null,
      });
      if (answer.result !== 'checked_in') {
        // A refusal goes to the check-in log too, in the background: the answer does not wait for it.
        keep([stored(answer.tickets[0]?.ticketId, answer.result)]);
        if (browserOnline()) void sync();
        return answer;
      }
      const scans = answer.tickets.map((t) => stored(t.ticketId));
      for (const ticket of answer.tickets) {
        ticket.checkedInAt = at;
        ticket.gate = device;
      }
      keep(scans);
      if (!browserOnline()) return answer;
      if (syncing.current) {
        // A sync is under way: the gate's answer stands, and this scan goes with the next sync, right after.
        void syncing.current.then(() => sync());
        return answer;
      }
      // Online: these scans go at once, and the API's word (first scan across gates wins) is the answer.
      let results: readonly GateSyncResult[];
      try {
        const sent = await syncGateScans(id, device, scans.map(toGateScan));
        results = sent.results;
        applyResults(scans, results, sent.syncedAt);
      } catch (error) {
        // No network after all (or the API refused): the scans wait, and the gate's own answer stands.
        if (isNetworkError(error)) patch({ online: false });
        return answer;
      }
      // The API refused the admission (the server keeps the gate's rules: docs/checkin.md): its word is the answer.
      const refused = results.find((r) => r.outcome === 'refused');
      if (refused) {
        const result = refused.reason ?? 'not_paid';
        return { ...answer, result, headline: CHECKIN_HEADLINES[result], idCheck: null, overridden: false, message: `${answer.message}: refused when it reached the server.` };
      }
      // The ticket was in already (another gate, the list, an online scan): that check-in stands, whatever this gate's clock says.
      const lost = results.find((r) => r.outcome === 'later' || r.outcome === 'earlier');
      if (lost?.checkedInAt) {
        const where = lost.gate ? ` at ${lost.gate}` : '';
        return { ...answer, result: 'already_checked_in', headline: CHECKIN_HEADLINES.already_checked_in, idCheck: null, message: `${answer.message}: checked in${where} at ${manilaTime(Date.parse(lost.checkedInAt), now)}.` };
      }
      return answer;
    },
    [applyResults, device, keep, refresh, sync],
  );

  return { state, scan, sync, refresh };
}
