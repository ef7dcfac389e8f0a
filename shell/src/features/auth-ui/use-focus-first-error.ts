import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * After a failed validation, moves focus to the first invalid control of the form once it has
 * re-rendered (so aria-invalid and its error description are already in place when it is read).
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, formRef]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}
