/** The page of one ticket (/tickets/:ticketId): whoever has this link holds the ticket. */
export function ticketPath(ticketId: string): string {
  return `/tickets/${encodeURIComponent(ticketId)}`;
}

/** The same page as a full address, to copy or forward. */
export function ticketLink(ticketId: string, origin: string = window.location.origin): string {
  return `${origin}${ticketPath(ticketId)}`;
}
