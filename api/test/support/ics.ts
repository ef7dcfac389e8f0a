// A strict reader of the calendar files the API writes (RFC 5545): checks the physical lines
// (CRLF only, at most 75 octets, continuation lines start with a space), unfolds them, and reads
// each content line's name and TEXT value, failing on an escape or a separator that TEXT forbids.

export interface IcsLine {
  name: string;
  params: string;
  value: string;
}

/** The content lines of `ics` after unfolding; throws when a physical line breaks a rule. */
export function readIcs(ics: string): IcsLine[] {
  if (!ics.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const physical = ics.slice(0, -2).split('\r\n');
  for (const [i, line] of physical.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`line ${i + 1} holds a bare CR or LF: ${JSON.stringify(line)}`);
    const octets = Buffer.byteLength(line, 'utf8');
    if (octets > 75) throw new Error(`line ${i + 1} is ${octets} octets long`);
    if (line.length === 0) throw new Error(`line ${i + 1} is empty`);
  }
  if (/^[ \t]/.test(physical[0] ?? '')) throw new Error('the file starts with a continuation line');
  const unfolded = ics.slice(0, -2).replace(/\r\n[ \t]/g, '').split('\r\n');
  return unfolded.map((line) => {
    const match = /^([A-Za-z0-9-]+)((?:;[^:]*)?):(.*)$/s.exec(line);
    if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`);
    return { name: (match[1] as string).toUpperCase(), params: match[2] as string, value: match[3] as string };
  });
}

/** A TEXT value as it reads (RFC 5545 3.3.11): \\ \; \, \n and \N unescaped; anything else throws. */
export function unescapeText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i] as string;
    if (ch === ';' || ch === ',') throw new Error(`unescaped ${ch} in ${JSON.stringify(value)}`);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = value[(i += 1)];
    if (next === '\\' || next === ';' || next === ',') out += next;
    else if (next === 'n' || next === 'N') out += '\n';
    else throw new Error(`bad escape \\${next ?? ''} in ${JSON.stringify(value)}`);
  }
  return out;
}

/** The properties of the file's VEVENTs, one record per VEVENT (name to its lines). */
export function icsEvents(lines: readonly IcsLine[]): Map<string, IcsLine[]>[] {
  const events: Map<string, IcsLine[]>[] = [];
  let current: Map<string, IcsLine[]> | null = null;
  for (const line of lines) {
    if (line.name === 'BEGIN' && line.value === 'VEVENT') events.push((current = new Map()));
    else if (line.name === 'END' && line.value === 'VEVENT') current = null;
    else if (current) current.set(line.name, [...(current.get(line.name) ?? []), line]);
  }
  return events;
}
