// The text a person types for others to read (names, addresses, event titles and descriptions,
// reviews, replies, reasons): every request schema that takes such a field builds it here, so the
// API checks and stores the cleaned text.
import { z } from 'zod';

/**
 * Characters a reader cannot see that change what the text shows: zero-width and invisible
 * format characters (U+200B–U+200F, U+2060–U+2064, U+FEFF, soft hyphen U+00AD, U+180E) and
 * bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+061C). "\u202Egnp.exe" reads as
 * "exe.png".
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/**
 * The text without the invisible characters above, Unicode-normalised to NFC ("e" + U+0301
 * becomes "é") and trimmed. They are removed before normalising, so one between a letter and
 * its accent does not keep them apart.
 */
export function cleanText(value: string): string {
  return value.replace(INVISIBLE, '').normalize('NFC').trim();
}

/**
 * A string cleaned by cleanText before the checks chained after it, so a length limit or a
 * blank check applies to the cleaned text. `error` words a value that is not a string.
 */
export function cleanString(error: string | ((issue: { input?: unknown }) => string)): z.ZodString {
  return z.string({ error }).overwrite(cleanText);
}

export interface RequiredTextOptions {
  /** For a missing, empty or blank value (also once the invisible characters are gone). */
  required: string;
  /** Names the field in `<label> must be text` (a value of another type) and in the default `tooLong`; without it, `required` words both. */
  label?: string;
  max: number;
  /** Default: `<label> is too long (at most <max> characters)`. */
  tooLong?: string;
}

/** A required text field of a form, cleaned (cleanText), then at least one and at most `max` characters. */
export function requiredText({ required, label, max, tooLong }: RequiredTextOptions): z.ZodString {
  const notText = label === undefined ? required : `${label} must be text`;
  return cleanString((issue) => (issue.input === undefined || issue.input === null ? required : notText))
    .min(1, required)
    .max(max, tooLong ?? `${label ?? 'Text'} is too long (at most ${max} characters)`);
}
