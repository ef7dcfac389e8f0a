// Giving a ticket over HTTP as two people do it: the holder gives it, the recipient accepts it
// (docs/transfers.md: a ticket is the recipient's only once they act).
import type { TransferResponse } from '@sports/contracts';
import { json } from './booking';
import type { BookingApp } from './booking';

/** POST /api/transfers/:id/accept as the signed-in recipient. */
export async function acceptTransfer(app: BookingApp, cookie: string, transferId: number): Promise<{ status: number; body: { success: boolean; error?: string } }> {
  return json(await app.request('POST', `/api/transfers/${transferId}/accept`, { cookie, body: {} }));
}

/** `ticketId` given by the holder signed in as `fromCookie` to `to`, who accepts it; throws if either step fails. */
export async function giveAndAccept(app: BookingApp, ticketId: string, fromCookie: string, to: { email: string; cookie: string }): Promise<TransferResponse['transfer']> {
  const given = await json<TransferResponse>(await app.request('POST', `/api/tickets/${ticketId}/transfer`, { cookie: fromCookie, body: { email: to.email } }));
  if (given.status !== 200) throw new Error(`giving ${ticketId} failed: ${given.status} ${JSON.stringify(given.body)}`);
  const accepted = await acceptTransfer(app, to.cookie, given.body.transfer.transferId);
  if (accepted.status !== 200) throw new Error(`accepting transfer ${given.body.transfer.transferId} failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return given.body.transfer;
}
