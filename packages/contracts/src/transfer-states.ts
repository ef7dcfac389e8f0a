/** A ticket transfer's states (the SQL CHECK of ticket_transfers.state lists the same). No validator here: the apps import it. */
export const TRANSFER_STATES = ['pending', 'claimed', 'revoked'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
