// An order's number as people read it, on every screen, in every mail, file and calendar entry.
// Its own module, free of zod: a page that needs only the number loads no schema.

/** "TXN-00001853" for order 1853. */
export function formatTransactionNo(orderId: number): string {
  return `TXN-${String(orderId).padStart(8, '0')}`;
}
