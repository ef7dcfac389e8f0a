import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { saveWaitingRoomSettings, waitingRoomSettingsQuery } from '@sports/api-client/waiting-room';
import type { WaitingRoomArea } from '@sports/api-client/waiting-room';
import type { MAX_WAITING_ROOM_SHOPPERS as CONTRACT_MAX, WaitingRoomSettings } from '@sports/contracts';
import { useMutation, useQuery, useQueryClient } from '@sports/query';
import { Dialog } from './dialog';
import { describeError } from './error-text';
import { ErrorState, LoadingState } from './states';
import './waiting-room-settings.css';

/** The most shoppers at once; the annotation makes tsc fail if the contract's value changes. */
const MAX_SHOPPERS: typeof CONTRACT_MAX = 100_000;

/** How often the line's figures (on now, people waiting) are read again while the control shows. */
export const WAITING_ROOM_REFRESH_MS = 10_000;

/** The line as it stands: 'Line on now: 120 waiting', or none. */
export function lineNowText(settings: Pick<WaitingRoomSettings, 'active' | 'waiting'>): string {
  return settings.active ? `Line on now: ${settings.waiting.toLocaleString('en-PH')} waiting` : 'No line now: shoppers go straight to the seats.';
}

function parseShoppers(text: string): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= MAX_SHOPPERS ? n : null;
}

function SettingsForm({ area, eventId, settings }: { area: WaitingRoomArea; eventId: number; settings: WaitingRoomSettings }) {
  const ids = { on: useId(), onHint: useId(), shoppers: useId(), shoppersHint: useId(), problem: useId() };
  const queryClient = useQueryClient();
  const [on, setOn] = useState(settings.on);
  const [shoppers, setShoppers] = useState(String(settings.shoppers));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (request: { on: boolean; shoppers: number }) => saveWaitingRoomSettings(area, eventId, request),
    onSuccess: (saved) => queryClient.setQueryData(waitingRoomSettingsQuery(area, eventId).queryKey, saved),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const count = parseShoppers(shoppers);
    setInvalid(count === null);
    if (count === null) return;
    save.mutate({ on, shoppers: count });
  }

  const problem = invalid ? `Shoppers at once must be a whole number from 1 to ${MAX_SHOPPERS.toLocaleString('en-PH')}.` : save.isError ? describeError(save.error).message : null;
  return (
    <form className="ds-waiting-room" onSubmit={submit} noValidate>
      <div className="ds-waiting-room__switch">
        <input
          id={ids.on}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={ids.onHint}
          onChange={(e) => {
            setOn(e.target.checked);
            save.reset();
          }}
        />
        <label htmlFor={ids.on}>Keep a waiting room on for this sale</label>
      </div>
      <p id={ids.onHint} className="ds-field__hint">
        Off, the line comes on by itself when more people shop at once than the number below.
      </p>
      <div className="ds-field">
        <label className="ds-field__label" htmlFor={ids.shoppers}>
          Shoppers at once
        </label>
        <input
          id={ids.shoppers}
          className="ds-input ds-waiting-room__number"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SHOPPERS}
          step={1}
          value={shoppers}
          aria-invalid={invalid || undefined}
          aria-describedby={problem ? `${ids.shoppersHint} ${ids.problem}` : ids.shoppersHint}
          onChange={(e) => {
            setShoppers(e.target.value);
            setInvalid(false);
            save.reset();
          }}
        />
        <p id={ids.shoppersHint} className="ds-field__hint">
          How many people pick seats at the same time; the others wait in line, in the order they came.
        </p>
      </div>
      <div className="ds-waiting-room__foot">
        <button type="submit" className="ds-button ds-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save waiting room'}
        </button>
        <p className="ds-waiting-room__saved" role="status">
          {save.isSuccess ? 'Saved.' : ''}
        </p>
      </div>
      {problem ? (
        <p id={ids.problem} className="ds-notice ds-notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

export interface WaitingRoomControlProps {
  /** Whose route reads and saves: an organizer's own event, or an admin's. */
  area: WaitingRoomArea;
  eventId: number;
}

/**
 * An event's waiting room: switched on for the sale (or left to come on by itself under load), how
 * many shop at once, and how the line stands now (read again every few seconds).
 */
export function WaitingRoomControl({ area, eventId }: WaitingRoomControlProps) {
  const settings = useQuery({ ...waitingRoomSettingsQuery(area, eventId), refetchInterval: WAITING_ROOM_REFRESH_MS });
  if (settings.isPending) return <LoadingState>Loading the waiting room…</LoadingState>;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div>
      <p className="ds-waiting-room__now" aria-live="polite">
        {lineNowText(settings.data)}
      </p>
      <SettingsForm area={area} eventId={eventId} settings={settings.data} />
    </div>
  );
}

/** Waiting room: a row action that opens the control in a dialog. */
export function WaitingRoomButton({ area, event }: { area: WaitingRoomArea; event: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ds-button" aria-label={`Waiting room of ${event.name}`} onClick={() => setOpen(true)}>
        Waiting room
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Waiting room: ${event.name}`}>
        <WaitingRoomControl area={area} eventId={event.id} />
      </Dialog>
    </>
  );
}
