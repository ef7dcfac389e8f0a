// SQL pieces and paging arithmetic that the list screens of every area share.

/** 'Ana M. Reyes Jr' from a users row aliased `alias` (middle initial and suffix only when set). */
export const personNameSql = (alias: string): string =>
  `concat_ws(' ', ${alias}.first_name, ${alias}.middle_initial || '.', ${alias}.last_name, ${alias}.suffix)`;

/** MM-DD-YYYY of an instant in Manila. */
export const manilaDateSql = (expr: string): string => `to_char(${expr} AT TIME ZONE 'Asia/Manila', 'MM-DD-YYYY')`;
/** 6:00 PM of an instant in Manila. */
export const manilaTimeSql = (expr: string): string => `to_char(${expr} AT TIME ZONE 'Asia/Manila', 'FMHH12:MI AM')`;

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Page count for `total` rows at `pageSize` a page: at least 1 (an empty list is "Page 1 of 1"). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

export const offsetOf = (page: number, pageSize: number): number => (page - 1) * pageSize;
