import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from '@sports/router';
import { firstIncompleteStep, readDraft, removeDraft, STEP_PATHS, writeDraft, type RegistrationDraft, type StepNumber } from './registration-draft';

export interface Registration {
  draft: RegistrationDraft;
  update: (patch: Partial<RegistrationDraft>) => void;
  /** After a successful sign-up: forget the stored draft (the page then leaves the wizard). */
  discard: () => void;
}

const RegistrationContext = createContext<Registration | null>(null);

/** Keeps the registration record between the three steps, backed by sessionStorage (never the password). */
export function RegistrationProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<RegistrationDraft>(() => readDraft());
  const discarded = useRef(false);

  useEffect(() => {
    if (!discarded.current) writeDraft(draft);
  }, [draft]);

  const update = useCallback((patch: Partial<RegistrationDraft>) => {
    discarded.current = false;
    setDraft((current) => ({ ...current, ...patch }));
  }, []);

  // No state change here: re-rendering the step with an empty draft would bounce it to step 1.
  const discard = useCallback(() => {
    discarded.current = true;
    removeDraft();
  }, []);

  const value = useMemo(() => ({ draft, update, discard }), [draft, update, discard]);
  return <RegistrationContext.Provider value={value}>{children}</RegistrationContext.Provider>;
}

export function useRegistration(): Registration {
  const registration = useContext(RegistrationContext);
  if (!registration) throw new Error('useRegistration must be used inside <RegistrationProvider>');
  return registration;
}

/** Layout route of /register1-3: one provider for the whole wizard. */
export function RegistrationLayout() {
  return (
    <RegistrationProvider>
      <Outlet />
    </RegistrationProvider>
  );
}

/** Step 2 or 3 opened before the earlier steps are done goes back to the first incomplete step. */
export function RequireEarlierSteps({ step, children }: { step: StepNumber; children: ReactNode }) {
  const { draft } = useRegistration();
  const first = firstIncompleteStep(draft);
  if (first < step) return <Navigate to={STEP_PATHS[first]} replace />;
  return <>{children}</>;
}
