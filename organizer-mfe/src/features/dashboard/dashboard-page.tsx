import { useMemo } from 'react';
import { organizerQueries } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import { DASHBOARD_CARD_DEFINITIONS } from '@sports/contracts';
import type { DashboardResponse } from '@sports/contracts';
import { DataTable, EmptyState, EventSelect, QueryView, eventIds, useFilterParam } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { useEventOptions } from '../../shared/event-options';
import { formatManilaDateTime } from '../../shared/format';
import { ChartCanvas } from '@sports/ui/chart-canvas';
import '@sports/ui/chart-lines-and-legend';
import type { ChartSeries } from '@sports/ui/chart-canvas';

type Cards = DashboardResponse['cards'];
type Charts = DashboardResponse['charts'];

const CARDS: ReadonlyArray<{ key: keyof Cards; title: string }> = [
  { key: 'noShows', title: 'Ticket no-shows' },
  { key: 'dueToday', title: 'Ticket Due Today' },
  { key: 'open', title: 'Open Tickets' },
  { key: 'all', title: 'All tickets' },
];

const BLUE = '#1d4ed8';
const TEAL = '#0f766e';
const RED = '#b91c1c';

function listSentence(items: ReadonlyArray<{ label: string; value: number }>, unit: string): string {
  if (items.length === 0) return `No ${unit} yet.`;
  return `${items.map((i) => `${i.label}: ${i.value.toLocaleString('en-PH')}`).join('; ')}.`;
}

interface Row {
  label: string;
  values: number[];
}

/** A chart with its title, its values in a sentence, and the same values as a table for anyone who cannot see the canvas. */
function ChartFigure({ id, title, sentence, labels, series, rowHeader, horizontal, empty }: {
  id: string;
  title: string;
  sentence: string;
  labels: string[];
  series: ChartSeries[];
  rowHeader: string;
  horizontal?: boolean;
  empty: boolean;
}) {
  const rows: Row[] = labels.map((label, i) => ({ label, values: series.map((s) => s.data[i] ?? 0) }));
  const tableColumns: ReadonlyArray<DataColumn<Row>> = [
    { id: 'label', header: rowHeader, cell: (r) => r.label, rowHeader: true },
    ...series.map((s, i) => ({ id: `v${i}`, header: s.label, cell: (r: Row) => (r.values[i] ?? 0).toLocaleString('en-PH'), className: 'ds-cell--number' })),
  ];
  return (
    <figure className="ds-panel org-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="org-chart__title">
        {title}
      </h2>
      {empty ? <EmptyState title="No tickets yet">This chart fills in as tickets are sold.</EmptyState> : <ChartCanvas labels={labels} series={series} horizontal={horizontal} className={horizontal ? 'org-chart__canvas org-chart__canvas--tall' : 'org-chart__canvas'} />}
      <figcaption className="org-chart__caption">{sentence}</figcaption>
      {empty ? null : (
        <details className="org-chart__data">
          <summary>Show the data as a table</summary>
          <DataTable caption={title} captionHidden columns={tableColumns} rows={rows} rowKey="label" minWidth="16rem" />
        </details>
      )}
    </figure>
  );
}

function DashboardCharts({ charts }: { charts: Charts }) {
  const reserved = useMemo(() => {
    const labels = charts.reservedByType.map((r) => r.type);
    const series: ChartSeries[] = [
      { label: 'Tickets', data: charts.reservedByType.map((r) => r.tickets), kind: 'bar', color: BLUE },
      { label: 'Seats', data: charts.reservedByType.map((r) => r.seats), kind: 'bar', color: TEAL },
    ];
    return { labels, series };
  }, [charts.reservedByType]);
  const progress = useMemo(() => {
    const labels = charts.reservationProgress.map((p) => p.date);
    const series: ChartSeries[] = [
      { label: 'Tickets that day', data: charts.reservationProgress.map((p) => p.tickets), kind: 'bar', color: TEAL },
      { label: 'All tickets so far', data: charts.reservationProgress.map((p) => p.cumulative), kind: 'line', color: BLUE },
    ];
    return { labels, series };
  }, [charts.reservationProgress]);
  const noShows = useMemo(() => {
    const labels = charts.noShowsByType.map((r) => r.type);
    const series: ChartSeries[] = [{ label: 'No-show tickets', data: charts.noShowsByType.map((r) => r.tickets), kind: 'bar', color: RED }];
    return { labels, series };
  }, [charts.noShowsByType]);

  const progressDays = charts.reservationProgress;
  const first = progressDays[0];
  const last = progressDays[progressDays.length - 1];
  const progressSold = progressDays.reduce((sum, d) => sum + d.tickets, 0);
  const busiest = progressDays.reduce<(typeof progressDays)[number] | undefined>((best, d) => (!best || d.tickets > best.tickets ? d : best), undefined);

  return (
    <div className="org-charts">
      <ChartFigure
        id="reserved"
        title="Reserved Tickets Breakdown by Ticket Type"
        sentence={`Paid tickets (and seats) by seating section: ${listSentence(charts.reservedByType.map((r) => ({ label: r.type, value: r.tickets })), 'tickets')}`}
        labels={reserved.labels}
        series={reserved.series}
        rowHeader="Ticket type"
        horizontal
        empty={charts.reservedByType.length === 0}
      />
      <ChartFigure
        id="progress"
        title="Ticket Reservation Progress"
        sentence={
          first && last
            ? `Over the last ${progressDays.length} days (${first.date} to ${last.date}), ${progressSold.toLocaleString('en-PH')} tickets were paid, ${last.cumulative.toLocaleString('en-PH')} in all by ${last.date}${busiest && busiest.tickets > 0 ? `; the busiest day was ${busiest.date} with ${busiest.tickets}` : ''}.`
            : 'No tickets yet.'
        }
        labels={progress.labels}
        series={progress.series}
        rowHeader="Date"
        empty={progressDays.length === 0}
      />
      <ChartFigure
        id="no-shows"
        title="No-show Breakdown by Ticket Type"
        sentence={`Tickets never checked in at events that have ended, by seating section: ${listSentence(charts.noShowsByType.map((r) => ({ label: r.type, value: r.tickets })), 'no-shows')}`}
        labels={noShows.labels}
        series={noShows.series}
        rowHeader="Ticket type"
        horizontal
        empty={charts.noShowsByType.length === 0}
      />
    </div>
  );
}

/** Dashboard (/organizer/dashboard): the four cards and three charts, computed by the API from the caller's tickets. */
export default function DashboardPage() {
  const options = useEventOptions();
  const [selected, setSelected] = useFilterParam('event', { allowed: eventIds(options.data?.events), pageParam: null });
  const dashboard = useQuery({ ...organizerQueries.dashboard(selected ? Number(selected) : null), placeholderData: keepPreviousData });

  return (
    <section className="ds-page" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading">Dashboard</h1>
      <p className="ds-page__subtitle">Tickets of {selected ? 'the selected event' : 'all your events'}{dashboard.data ? `, as of ${formatManilaDateTime(dashboard.data.asOf)}` : ''}.</p>
      <div className="ds-toolbar">
        <EventSelect events={options.data?.events ?? []} loading={options.isPending} value={selected} onChange={setSelected} allLabel="All events" />
      </div>
      <QueryView query={dashboard}>
        {(data) => (
          <div aria-busy={dashboard.isFetching || undefined}>
            <ul className="ds-cards org-cards" aria-label="Ticket summary">
              {CARDS.map((card) => (
                <li key={card.key} className={`ds-card org-card org-card--${card.key}`} title={DASHBOARD_CARD_DEFINITIONS[card.key]}>
                  <h2 className="org-card__title">{card.title}</h2>
                  <p className="org-card__value">{data.cards[card.key].toLocaleString('en-PH')}</p>
                  <p className="org-card__help">{DASHBOARD_CARD_DEFINITIONS[card.key]}</p>
                </li>
              ))}
            </ul>
            <DashboardCharts charts={data.charts} />
          </div>
        )}
      </QueryView>
    </section>
  );
}
