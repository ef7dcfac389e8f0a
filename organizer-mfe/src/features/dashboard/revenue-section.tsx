// The Dashboard's revenue (PRODUCT §11): gross, discounts by kind, refunds and net, per event,
// section and ticket category, sales per Manila day as a chart, and the orders CSV of one event.
import { useMemo } from 'react';
import { organizerQueries, ordersCsvUrl } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import { TICKET_CATEGORY_LABELS } from '@sports/contracts';
import type { OrganizerRevenueResponse, RevenueFigures } from '@sports/contracts';
import { DataTable, QueryView } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import type { ChartSeries } from '@sports/ui/chart-canvas';
import { formatPesos } from '../../shared/format';
import { ChartFigure } from './chart-figure';

const TEAL = '#0f766e';
const RED = '#b91c1c';

type Named = RevenueFigures & { key: string; name: string };

const CARDS: ReadonlyArray<{ key: string; title: string; value: (t: RevenueFigures) => number; help: (t: RevenueFigures) => string }> = [
  { key: 'gross', title: 'Gross sales', value: (t) => t.gross, help: (t) => `The base prices of ${t.tickets.toLocaleString('en-PH')} tickets sold.` },
  {
    key: 'discounts',
    title: 'Discounts',
    value: (t) => t.discounts.law + t.discounts.category + t.discounts.code,
    help: (t) => `By law (Senior Citizen, PWD) ${formatPesos(t.discounts.law)}; by category (Student, Child) ${formatPesos(t.discounts.category)}; by promo code ${formatPesos(t.discounts.code)}.`,
  },
  { key: 'refunds', title: 'Refunds', value: (t) => t.refunds, help: (t) => `Paid back for ${t.refundedTickets.toLocaleString('en-PH')} tickets of refunded orders.` },
  { key: 'net', title: 'Net revenue', value: (t) => t.net, help: () => 'Gross sales less discounts and refunds.' },
];

const pesos = (value: (r: Named) => number) => (r: Named) => formatPesos(value(r));

function figureColumns(first: string): ReadonlyArray<DataColumn<Named>> {
  return [
    { id: 'name', header: first, cell: (r) => r.name, rowHeader: true },
    { id: 'tickets', header: 'Tickets', cell: (r) => r.tickets.toLocaleString('en-PH'), align: 'end' },
    { id: 'gross', header: 'Gross', cell: pesos((r) => r.gross), align: 'end' },
    { id: 'law', header: 'Law discounts', cell: pesos((r) => r.discounts.law), align: 'end' },
    { id: 'category', header: 'Category discounts', cell: pesos((r) => r.discounts.category), align: 'end' },
    { id: 'code', header: 'Promo code discounts', cell: pesos((r) => r.discounts.code), align: 'end' },
    { id: 'refunds', header: 'Refunds', cell: pesos((r) => r.refunds), align: 'end' },
    { id: 'net', header: 'Net', cell: pesos((r) => r.net), align: 'end' },
  ];
}

function FiguresTable({ title, first, rows }: { title: string; first: string; rows: Named[] }) {
  return (
    <section className="ds-panel org-revenue__table" aria-label={title}>
      <h3>{title}</h3>
      <DataTable caption={title} captionHidden columns={figureColumns(first)} rows={rows} rowKey="key" minWidth="48rem" emptyMessage="No tickets sold yet." />
    </section>
  );
}

function RevenueFiguresView({ data }: { data: Omit<OrganizerRevenueResponse, 'success'> }) {
  const days = useMemo(() => {
    const labels = data.days.map((d) => d.date);
    const series: ChartSeries[] = [
      { label: 'Paid (after discounts)', data: data.days.map((d) => d.sales), kind: 'bar', color: TEAL },
      { label: 'Refunded', data: data.days.map((d) => d.refunds), kind: 'bar', color: RED },
    ];
    return { labels, series };
  }, [data.days]);
  const sold = data.days.reduce((sum, d) => sum + d.sales, 0);
  const refunded = data.days.reduce((sum, d) => sum + d.refunds, 0);
  const first = data.days[0];
  const last = data.days[data.days.length - 1];
  return (
    <>
      <ul className="ds-cards org-cards" aria-label="Revenue figures">
        {CARDS.map((card) => (
          <li key={card.key} className={`ds-card org-card org-card--${card.key}`}>
            <h3 className="org-card__title">{card.title}</h3>
            <p className="org-card__value">{formatPesos(card.value(data.total))}</p>
            <p className="org-card__help">{card.help(data.total)}</p>
          </li>
        ))}
      </ul>
      <ChartFigure
        id="revenue-days"
        title="Sales per Day"
        sentence={
          first && last
            ? `From ${first.date} to ${last.date} (Manila days): ${formatPesos(sold)} paid after discounts, ${formatPesos(refunded)} refunded.`
            : 'No sales yet.'
        }
        labels={days.labels}
        series={days.series}
        rowHeader="Date"
        format={formatPesos}
        empty={data.total.tickets === 0}
      />
      {data.eventId === null ? <FiguresTable title="Revenue by Event" first="Event" rows={data.events.map((e) => ({ ...e, key: String(e.id) }))} /> : null}
      <FiguresTable title="Revenue by Section" first="Section" rows={data.sections.map((s) => ({ ...s, key: String(s.id) }))} />
      <FiguresTable title="Revenue by Ticket Category" first="Category" rows={data.categories.map((c) => ({ ...c, key: c.category, name: TICKET_CATEGORY_LABELS[c.category] }))} />
    </>
  );
}

/** The revenue of all the caller's events or of one, with the download of that event's orders. */
export function RevenueSection({ eventId }: { eventId: number | null }) {
  const revenue = useQuery({ ...organizerQueries.revenue(eventId), placeholderData: keepPreviousData });
  return (
    <section className="org-revenue" aria-labelledby="revenue-heading">
      <div className="ds-toolbar">
        <h2 id="revenue-heading">Revenue</h2>
        {eventId === null ? (
          <p className="org-revenue__hint">Choose an event to download its orders as CSV.</p>
        ) : (
          <a className="ds-button" href={ordersCsvUrl(eventId)} download>
            Download orders (CSV)
          </a>
        )}
      </div>
      <QueryView query={revenue}>
        {(data) => (
          <div aria-busy={revenue.isFetching || undefined}>
            <RevenueFiguresView data={data} />
          </div>
        )}
      </QueryView>
    </section>
  );
}
