// Every organizer's revenue together (PRODUCT §11): gross, discounts by kind, refunds and net, and
// the same per ticket category.
import { useId } from 'react';
import { TICKET_CATEGORY_LABELS } from '@sports/contracts';
import type { AdminRevenueResponse } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { useQuery } from '@sports/query';
import { DataTable, QueryView } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { formatCount, formatPesos } from '../../shared/format';

type Category = AdminRevenueResponse['categories'][number];

const discountsOf = (f: AdminRevenueResponse['total']) => f.discounts.law + f.discounts.category + f.discounts.code;

const CATEGORY_COLUMNS: ReadonlyArray<DataColumn<Category>> = [
  { id: 'category', header: 'Category', cell: (c) => TICKET_CATEGORY_LABELS[c.category], rowHeader: true },
  { id: 'tickets', header: 'Tickets', cell: (c) => formatCount(c.tickets), align: 'end' },
  { id: 'gross', header: 'Gross', cell: (c) => formatPesos(c.gross), align: 'end' },
  { id: 'discounts', header: 'Discounts', cell: (c) => formatPesos(discountsOf(c)), align: 'end' },
  { id: 'refunds', header: 'Refunds', cell: (c) => formatPesos(c.refunds), align: 'end' },
  { id: 'net', header: 'Net', cell: (c) => formatPesos(c.net), align: 'end' },
];

function RevenueFigures({ data }: { data: AdminRevenueResponse }) {
  const t = data.total;
  const first = data.days[0];
  const last = data.days[data.days.length - 1];
  const paid = data.days.reduce((sum, d) => sum + d.sales, 0);
  const refunded = data.days.reduce((sum, d) => sum + d.refunds, 0);
  const cards = [
    { label: 'Gross sales', value: t.gross, about: `The base prices of ${formatCount(t.tickets)} tickets sold.` },
    {
      label: 'Discounts',
      value: discountsOf(t),
      about: `By law (Senior Citizen, PWD) ${formatPesos(t.discounts.law)}; by category (Student, Child) ${formatPesos(t.discounts.category)}; by promo code ${formatPesos(t.discounts.code)}.`,
    },
    { label: 'Refunds', value: t.refunds, about: `Paid back for ${formatCount(t.refundedTickets)} tickets of refunded orders.` },
    { label: 'Net revenue', value: t.net, about: 'Gross sales less discounts and refunds.' },
  ];
  return (
    <>
      <ul className="ds-cards adm-cards" aria-label="Revenue figures">
        {cards.map((c) => (
          <li key={c.label} className="ds-card adm-card">
            <span className="adm-card__label">{c.label}</span>
            <span className="adm-card__value">{formatPesos(c.value)}</span>
            <span className="adm-revenue__about">{c.about}</span>
          </li>
        ))}
      </ul>
      {first && last ? (
        <p className="adm-revenue__days">
          From {first.date} to {last.date} (Manila days): {formatPesos(paid)} paid after discounts, {formatPesos(refunded)} refunded.
        </p>
      ) : null}
      <DataTable caption="Revenue by ticket category" columns={CATEGORY_COLUMNS} rows={data.categories} rowKey="category" minWidth="36rem" emptyMessage="No tickets sold yet." />
    </>
  );
}

/** The revenue of all organizers' events. */
export function RevenueSection() {
  const headingId = useId();
  const revenue = useQuery(adminQueries.revenue());
  return (
    <section className="ds-panel adm-panel adm-panel--wide" aria-labelledby={headingId}>
      <h2 id={headingId}>Revenue of All Organizers</h2>
      <QueryView query={revenue}>{(data) => <RevenueFigures data={data} />}</QueryView>
    </section>
  );
}
