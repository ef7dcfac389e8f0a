import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { describeError } from './error-text';
import './data-screens.css';

export type ToastTone = 'success' | 'error';

interface ToastItem {
  id: number;
  tone: ToastTone;
  message: ReactNode;
}

export interface ToastApi {
  /** "Account restricted." */
  success: (message: ReactNode) => void;
  /** A string is shown as it is; anything else (an ApiError, a network failure) is described like ErrorState does. */
  error: (messageOrError: unknown) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** How long a toast stays, unless the pointer or focus rests on the toasts. */
export const TOAST_DURATION_MS = { success: 5000, error: 8000 } as const;
const MAX_TOASTS = 4;

function errorMessage(value: unknown): ReactNode {
  if (typeof value === 'string') return value;
  const { title, message } = describeError(value);
  return `${title}. ${message}`;
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Milliseconds before a toast goes by itself. Default 5000 for success, 8000 for errors. */
  duration?: Partial<Record<ToastTone, number>>;
}

/**
 * The toasts of an area: two live regions that exist before any message (polite for success,
 * assertive for errors), so screen readers announce each one; toasts never take focus. The regions
 * carry no status/alert role, so a page's own `getByRole('alert')` still finds only the page's.
 */
export function ToastProvider({ children, duration }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [paused, setPaused] = useState(false);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const push = useCallback((tone: ToastTone, message: ReactNode) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, tone, message }].slice(-MAX_TOASTS));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => push('success', message),
      error: (value) => push('error', errorMessage(value)),
      dismiss,
    }),
    [dismiss, push],
  );

  const successMs = duration?.success ?? TOAST_DURATION_MS.success;
  const errorMs = duration?.error ?? TOAST_DURATION_MS.error;

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        className="ds-toasts"
        aria-label="Notifications"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
        }}
      >
        <div className="ds-toasts__region" aria-live="polite">
          {toasts
            .filter((toast) => toast.tone === 'success')
            .map((toast) => (
              <Toast key={toast.id} toast={toast} ms={successMs} paused={paused} onDismiss={dismiss} />
            ))}
        </div>
        <div className="ds-toasts__region" aria-live="assertive">
          {toasts
            .filter((toast) => toast.tone === 'error')
            .map((toast) => (
              <Toast key={toast.id} toast={toast} ms={errorMs} paused={paused} onDismiss={dismiss} />
            ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, ms, paused, onDismiss }: { toast: ToastItem; ms: number; paused: boolean; onDismiss: (id: number) => void }) {
  // Time left survives pauses: hovering restarts nothing, it only stops the clock.
  const remaining = useRef(ms);
  useEffect(() => {
    if (paused) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss, toast.id]);

  return (
    <div className={`ds-toast ds-toast--${toast.tone}`}>
      <p className="ds-toast__message">{toast.message}</p>
      <button type="button" className="ds-toast__close" aria-label="Dismiss notification" title="Dismiss" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The toasts of the nearest ToastProvider (DataArea provides one): `toast.success('Saved.')`, `toast.error(error)`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> (or <DataArea>) around it');
  return api;
}
