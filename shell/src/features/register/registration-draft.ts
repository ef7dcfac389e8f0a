import type { RegisterRequest } from '@sports/contracts';
import { emailError, PASSWORD_MIN_LENGTH } from '../auth-ui/validation';
import { isGender, isMiddleInitial, isSuffix } from './options';

/** SPEC §3 registration record without the password, which never leaves memory (it is never stored). */
export type RegistrationDraft = { [K in Exclude<keyof RegisterRequest, 'password'>]: string };
export type DraftField = keyof RegistrationDraft;

/** SPEC §3: every key present, initially empty strings. */
export const EMPTY_DRAFT: Readonly<RegistrationDraft> = Object.freeze({
  first_name: '',
  last_name: '',
  middle_initial: '',
  suffix: '',
  gender: '',
  region_id: '',
  province_id: '',
  city_id: '',
  barangay_id: '',
  house_address: '',
  email: '',
});

const DRAFT_FIELDS = Object.keys(EMPTY_DRAFT) as DraftField[];

/** sessionStorage key: the draft survives a reload of the tab, and dies with it. */
export const DRAFT_STORAGE_KEY = 'registration';

export const STEP_PATHS = { 1: '/register1', 2: '/register2', 3: '/register3' } as const;
export type StepNumber = keyof typeof STEP_PATHS;

/** Reads a stored draft, keeping only the known text fields (a stray `password` key is dropped). */
export function parseDraft(raw: string | null): RegistrationDraft {
  if (!raw) return { ...EMPTY_DRAFT };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...EMPTY_DRAFT };
  }
  const source = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const draft = { ...EMPTY_DRAFT };
  for (const field of DRAFT_FIELDS) {
    const v = source[field];
    if (typeof v === 'string') draft[field] = v;
  }
  if (!isMiddleInitial(draft.middle_initial)) draft.middle_initial = '';
  if (!isSuffix(draft.suffix)) draft.suffix = '';
  if (!isGender(draft.gender)) draft.gender = '';
  return draft;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the draft then lives in memory only
  }
}

export function readDraft(storage: Storage | null = sessionStore()): RegistrationDraft {
  try {
    return parseDraft(storage?.getItem(DRAFT_STORAGE_KEY) ?? null);
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

export function writeDraft(draft: RegistrationDraft, storage: Storage | null = sessionStore()): void {
  try {
    const copy: Record<string, string> = {};
    for (const field of DRAFT_FIELDS) copy[field] = draft[field];
    const empty = DRAFT_FIELDS.every((field) => copy[field] === '');
    if (empty) storage?.removeItem(DRAFT_STORAGE_KEY);
    else storage?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(copy));
  } catch {
    // quota or disabled storage: keep going in memory
  }
}

export function removeDraft(storage: Storage | null = sessionStore()): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Step1Field = 'first_name' | 'last_name' | 'gender';
/** SPEC §5: first name, last name and gender are required. */
export function step1Errors(draft: RegistrationDraft): FieldErrors<Step1Field> {
  const errors: FieldErrors<Step1Field> = {};
  if (draft.first_name.trim() === '') errors.first_name = 'First name is required';
  if (draft.last_name.trim() === '') errors.last_name = 'Last name is required';
  if (!isGender(draft.gender)) errors.gender = 'Gender is required';
  return errors;
}

export type Step2Field = 'region_id' | 'province_id' | 'city_id' | 'barangay_id' | 'house_address';
/** SPEC §5: all address fields are required. */
export function step2Errors(draft: RegistrationDraft): FieldErrors<Step2Field> {
  const errors: FieldErrors<Step2Field> = {};
  if (draft.region_id === '') errors.region_id = 'Region is required';
  if (draft.province_id === '') errors.province_id = 'Province is required';
  if (draft.city_id === '') errors.city_id = 'City/Municipality is required';
  if (draft.barangay_id === '') errors.barangay_id = 'Barangay is required';
  if (draft.house_address.trim() === '') errors.house_address = 'House address is required';
  return errors;
}

export interface AccountSetup {
  email: string;
  password: string;
  confirmPassword: string;
  agreed: boolean;
}
export type Step3Field = 'email' | 'password' | 'confirmPassword' | 'agreed';
/** SPEC §5 registration step 3, with its exact messages. */
export function step3Errors({ email, password, confirmPassword, agreed }: AccountSetup): FieldErrors<Step3Field> {
  const errors: FieldErrors<Step3Field> = {};
  const emailMessage = emailError(email);
  if (emailMessage) errors.email = emailMessage;
  if (password === '') errors.password = 'Password is required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'Password must be at least 6 characters';
  if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  if (!agreed) errors.agreed = 'You must agree to the terms';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/** The first step whose fields are not complete; 3 when steps 1 and 2 are done. */
export function firstIncompleteStep(draft: RegistrationDraft): StepNumber {
  if (hasErrors(step1Errors(draft))) return 1;
  if (hasErrors(step2Errors(draft))) return 2;
  return 3;
}

/** The SPEC §3 record register.php receives: every key of the draft plus the password. */
export function toRegisterRequest(draft: RegistrationDraft, password: string): RegisterRequest {
  const record: Record<string, string> = {};
  for (const field of DRAFT_FIELDS) record[field] = draft[field];
  record.email = draft.email.trim();
  record.password = password;
  return record as RegisterRequest;
}
