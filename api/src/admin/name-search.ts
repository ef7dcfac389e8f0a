// The Accounts table shows a person as 'Ana M. Reyes Jr' (sql.ts personNameSql), while the
// trigram index covers first_name || ' ' || last_name. A search typed as shown is read here as
// the name the index knows: the middle initial and the suffix dropped, 'Ana Reyes'.
import { SUFFIXES } from '@sports/contracts';

const SUFFIX_WORDS = new Set(SUFFIXES.filter((s) => s !== '').map((s) => s.toLowerCase()));
/** 'M' or 'M.': a middle initial as the table shows it. */
const INITIAL = /^\p{L}\.?$/u;

/**
 * The search with a trailing suffix (Jr, Sr., III) and any middle initial after the first word
 * left out, when it has either; null when there is nothing to leave out (the search as typed
 * already compares with the indexed name).
 */
export function indexedNameOf(search: string): string | null {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const last = (words[words.length - 1] as string).replace(/\.$/, '').toLowerCase();
  const withoutSuffix = SUFFIX_WORDS.has(last) ? words.slice(0, -1) : words;
  const kept = withoutSuffix.filter((word, i) => i === 0 || !INITIAL.test(word));
  return kept.length === words.length ? null : kept.join(' ');
}
