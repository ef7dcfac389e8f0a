import type { GENDERS as CONTRACT_GENDERS, SUFFIXES as CONTRACT_SUFFIXES } from '@sports/contracts';
import type { SelectOption } from '../auth-ui/fields';

/*
 * Runtime copies of the contract constants (apps may only `import type` from contracts).
 * Typed as `typeof` the contract's constants, so tsc fails if the two ever drift apart.
 */
export const SUFFIXES: typeof CONTRACT_SUFFIXES = ['', 'Jr', 'Sr', 'II', 'III'];
export const GENDERS: typeof CONTRACT_GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'];
export const MIDDLE_INITIALS: readonly string[] = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

export const MIDDLE_INITIAL_OPTIONS: readonly SelectOption[] = MIDDLE_INITIALS.map((letter) => ({ value: letter, label: letter }));
export const SUFFIX_OPTIONS: readonly SelectOption[] = SUFFIXES.filter((s) => s !== '').map((s) => ({ value: s, label: s }));
export const GENDER_OPTIONS: readonly SelectOption[] = GENDERS.map((g) => ({ value: g, label: g }));

export function isSuffix(value: string): value is (typeof SUFFIXES)[number] {
  return (SUFFIXES as readonly string[]).includes(value);
}

export function isGender(value: string): value is (typeof GENDERS)[number] {
  return (GENDERS as readonly string[]).includes(value);
}

export function isMiddleInitial(value: string): boolean {
  return value === '' || MIDDLE_INITIALS.includes(value);
}
