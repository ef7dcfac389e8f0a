import { useState } from 'react';
import { ORGANIZER_KEY, endPromoCode, organizerQueries } from '@sports/api-client/organizer';
import { invalidateAll, useQuery, useQueryClient } from '@sports/query';
import type { PromoCode } from '@sports/contracts';
import { ConfirmDialog, DataTable, DataToolbar, EmptyState, ErrorState, EventSelect, LoadingState, eventIds, queryTableState, useFilterParam } from '@sports/ui';
import { useEventOptions } from '../../shared/event-options';
import { promoCodeColumns } from './promo-code-columns';
import { PromoCodeCreateForm } from './promo-code-create-form';

/**
 * Promo codes (/organizer/promo-codes?event=): one of the caller's events' codes with their uses,
 * window and status; a new code; End (the code stays, with the orders that used it).
 */
export default function PromoCodesPage() {
  const queryClient = useQueryClient();
  const options = useEventOptions();
  const events = options.data?.events;
  const [selected, setSelected] = useFilterParam('event', { allowed: eventIds(events), fallback: options.data?.current ? String(options.data.current) : '' });
  const eventId = selected ? Number(selected) : null;
  const codes = useQuery({ ...organizerQueries.promoCodes(eventId ?? 0), enabled: eventId !== null });
  const [ending, setEnding] = useState<PromoCode | null>(null);
  const event = events?.find((e) => e.id === eventId);

  let body;
  if (options.isError) body = <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  else if (!events) body = <LoadingState />;
  else if (!event || eventId === null) body = <EmptyState title="No events yet">Promo codes belong to an event: create one first.</EmptyState>;
  else {
    body = (
      <>
        <DataTable
          caption={`Promo codes of ${event.name}`}
          captionHidden
          columns={promoCodeColumns(setEnding)}
          rowKey="id"
          minWidth="56rem"
          emptyMessage="No promo codes yet."
          {...queryTableState(codes, (data) => data.promoCodes)}
        />
        {codes.data ? <PromoCodeCreateForm key={eventId} eventId={eventId} sections={codes.data.sections} /> : null}
        <ConfirmDialog
          open={ending !== null}
          title={`End ${ending?.code ?? ''}?`}
          message="It stops working now, for holds and payments not made yet. It is kept, with the orders that used it."
          confirmLabel="End code"
          busyLabel="Ending…"
          tone="danger"
          onConfirm={async () => {
            if (!ending) return;
            await endPromoCode(eventId, ending.id);
            await invalidateAll(queryClient, [ORGANIZER_KEY]);
          }}
          onClose={() => setEnding(null)}
        />
      </>
    );
  }

  return (
    <section className="ds-page" aria-labelledby="promo-codes-heading">
      <h1 id="promo-codes-heading">Promo codes</h1>
      <p className="ds-page__subtitle">Codes buyers type at checkout for a discount. A use is an order that carries the code: paid, or held and not run out.</p>
      <DataToolbar label="Choose the event">
        <EventSelect events={events ?? []} loading={options.isPending} value={selected} onChange={setSelected} allLabel="Choose an event" />
      </DataToolbar>
      {body}
    </section>
  );
}
