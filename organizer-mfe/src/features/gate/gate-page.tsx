import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { GATE_DEVICE_MAX_LENGTH } from '@sports/contracts';
import type { CheckinResult } from '@sports/contracts';
import { EventSelect, useFilterParam } from '@sports/ui';
import { useEventOptions } from '../../shared/event-options';
import { formatManilaDateTime } from '../../shared/format';
import { CameraScanner } from '../../shared/camera-scanner';
import { cameraAvailable, frameDecoder } from '../../shared/qr-camera';
import type { GateAnswer } from './gate-decide';
import { addGateManifest, registerGateWorker } from './gate-install';
import { readCopiedEvents, readSetting, writeSetting } from './gate-store';
import { useGate } from './use-gate';
import type { GateState } from './use-gate';
import './gate.css';

type Tone = 'ok' | 'warn' | 'bad';
const TONE: Partial<Record<CheckinResult, Tone>> = { checked_in: 'ok', already_checked_in: 'warn', too_early: 'warn', too_late: 'warn' };

interface Shown {
  n: number;
  text: string;
  answer: GateAnswer;
}

function GateStatus({ state, offlineReady, onSync }: { state: GateState; offlineReady: boolean | null; onSync: () => void }) {
  return (
    <div className={`gate-status gate-status--${state.online ? 'online' : 'offline'}`} role="status" aria-label="Gate status">
      <p className="gate-status__item">
        <span className="gate-status__dot" aria-hidden="true" />
        <strong data-gate-online={state.online}>{state.online ? 'Online' : 'Offline'}</strong>
      </p>
      <p className="gate-status__item">
        Last synced: <strong data-gate-synced>{state.lastSyncedAt ? formatManilaDateTime(state.lastSyncedAt) : 'never'}</strong>
      </p>
      <p className="gate-status__item">
        Waiting to be sent: <strong data-gate-pending={state.pending}>{state.pending.toLocaleString('en-PH')}</strong>
      </p>
      <p className="gate-status__item" data-gate-offline-ready={offlineReady === true}>
        {offlineReady === null ? 'Keeping the gate for offline use…' : offlineReady ? 'Opens without network on this device' : 'Works only online in this browser'}
      </p>
      <button type="button" className="ds-button org-button--small" onClick={onSync} disabled={!state.online || state.syncing || state.pending === 0}>
        {state.syncing ? 'Syncing…' : 'Sync now'}
      </button>
      {state.syncError ? <p className="org-field__error gate-status__error">{state.syncError}</p> : null}
    </div>
  );
}

function DeviceName({ device, onSave }: { device: string; onSave: (name: string) => void }) {
  const [name, setName] = useState(device);
  const [editing, setEditing] = useState(device === '');
  useEffect(() => {
    setName(device);
    setEditing(device === '');
  }, [device]);
  if (!editing) {
    return (
      <p className="gate-device">
        This gate: <strong data-gate-device>{device}</strong>{' '}
        <button type="button" className="ds-button org-button--small" onClick={() => setEditing(true)}>
          Rename
        </button>
      </p>
    );
  }
  return (
    <form
      className="gate-device gate-device--form"
      aria-label="Name this gate"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (trimmed) onSave(trimmed);
      }}
    >
      <label className="ds-field org-field">
        <span className="ds-field__label">Gate name</span>
        <input className="ds-input" value={name} maxLength={GATE_DEVICE_MAX_LENGTH} placeholder="North gate" onChange={(e) => setName(e.target.value)} required />
      </label>
      <button type="submit" className="ds-button ds-button--primary">
        Save gate name
      </button>
    </form>
  );
}

/**
 * The gate (/organizer/gate?event=ID): an installable scanner that keeps working with no network.
 * Opened once online for an event, it keeps that event's tickets and answers every scan from its
 * own copy; what it admits waits on this device until the network is back.
 */
export default function GatePage() {
  const options = useEventOptions();
  const [copied, setCopied] = useState<Array<{ id: number; name: string }>>([]);
  const [device, setDevice] = useState<string | null>(null);
  const [offlineReady, setOfflineReady] = useState<boolean | null>(null);
  const events = options.data?.events ?? copied;
  const known = options.data ? options.data.events.map((e) => String(e.id)) : undefined;
  const fallback = options.data?.current ? String(options.data.current) : (copied[0] ? String(copied[0].id) : '');
  const [selected, setSelected] = useFilterParam('event', { allowed: known, fallback });
  const eventId = selected ? Number(selected) : null;
  const gate = useGate(eventId, device ?? '');
  const { state } = gate;

  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  // The answer sits right under the code field; on a phone the page scrolls just enough to show it
  // whole after each scan, the field still in view and focused for the next person.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) answerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  const [recent, setRecent] = useState<Shown[]>([]);
  const sequence = useRef(0);

  useEffect(() => addGateManifest(), []);
  useEffect(() => {
    // The QR decoder this browser needs (jsQR where it has none of its own) is loaded now, with
    // network, so the worker keeps it and the camera works offline too.
    const decoder = cameraAvailable() ? frameDecoder().catch(() => null) : Promise.resolve(null);
    void decoder.then(() => registerGateWorker()).then(setOfflineReady);
    void readCopiedEvents().then(setCopied, () => setCopied([]));
    void readSetting('device').then((name) => setDevice(name ?? ''), () => setDevice(''));
  }, []);

  async function submit(text: string, override = false) {
    const trimmed = text.trim();
    if (!trimmed) return;
    const n = ++sequence.current;
    const answer = await gate.scan(trimmed, override);
    if (!answer) return;
    const entry = { n, text: trimmed, answer };
    if (n === sequence.current) setShown(entry);
    setRecent((list) => [entry, ...list].slice(0, 8));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = code;
    setCode('');
    inputRef.current?.focus();
    void submit(text);
  }

  const ready = state.phase === 'ready' && Boolean(device);
  return (
    <section className="org-page gate" aria-labelledby="gate-title">
      <h1 id="gate-title" className="org-page__title">
        Gate
      </h1>
      <GateStatus state={state} offlineReady={offlineReady} onSync={() => void gate.sync()} />
      <div className="gate-setup">
        <EventSelect events={events} loading={options.isPending && copied.length === 0} value={selected} onChange={setSelected} />
        {device === null ? null : (
          <DeviceName
            device={device}
            onSave={(name) => {
              setDevice(name);
              void writeSetting('device', name);
            }}
          />
        )}
      </div>
      {state.phase === 'no-copy' ? (
        <p className="org-field__error" role="alert">
          This device has no copy of this event&apos;s tickets yet: open the gate once with network.
        </p>
      ) : null}
      {state.phase === 'ready' ? (
        <p className="gate-for">
          Checking in for <strong>{state.eventName}</strong>: {state.tickets.toLocaleString('en-PH')} tickets on this device.
        </p>
      ) : null}
      <form className="org-scan__form" onSubmit={onSubmit} aria-label="Scan a ticket">
        <label className="ds-field org-field org-scan__field">
          <span className="ds-field__label">Ticket code</span>
          <input
            ref={inputRef}
            className="ds-input org-scan__input"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            disabled={!ready}
            placeholder={device ? 'Scan, or type the code and press Enter' : 'Name this gate first'}
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <button type="submit" className="ds-button ds-button--primary" disabled={!ready}>
          Check in
        </button>
      </form>
      <div ref={answerRef} className="org-scan__result" aria-live="assertive">
        {shown ? (
          <div className={`org-scan__answer org-scan__answer--${TONE[shown.answer.result] ?? 'bad'} gate-answer`} data-result={shown.answer.result} data-scan={shown.n}>
            <p className="org-scan__headline gate-answer__headline">{shown.answer.headline}</p>
            <p className="org-scan__message">{shown.answer.message}</p>
            {shown.answer.idCheck ? <p className="org-scan__idcheck">{shown.answer.idCheck}</p> : null}
            {shown.answer.overridden ? <p className="org-scan__when">Admitted outside the check-in window.</p> : null}
            {shown.answer.overridable ? (
              <button type="button" className="ds-button ds-button--primary" onClick={() => void submit(shown.text, true)}>
                Admit anyway
              </button>
            ) : null}
          </div>
        ) : (
          <p className="org-scan__idle">Waiting for the first ticket.</p>
        )}
      </div>
      {ready ? <CameraScanner onCode={(text) => void submit(text)} /> : null}
      {recent.length > 0 ? (
        <ol className="gate-recent" aria-label="Recent scans">
          {recent.map((entry) => (
            <li key={entry.n} className={`gate-recent__item gate-recent__item--${TONE[entry.answer.result] ?? 'bad'}`}>
              <strong>{entry.answer.headline}</strong> {entry.answer.message}
              {entry.answer.idCheck ? ` · ${entry.answer.idCheck}` : ''}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
