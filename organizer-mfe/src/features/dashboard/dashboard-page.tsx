import { useMemo } from 'react';
import { organizerQueries } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import { DASHBOARD_CARD_DEFINITIONS } from '@sports/contracts';
import type { DashboardResponse } from '@sports/contracts';
import { EventSelect, QueryView, eventIds, useFilterParam } from '@sports/ui';
import { useEventOptions } from '../../shared/event-options';
import { formatManilaDateTime } from '../../shared/format';
import '@sports/ui/chart-lines-and-legend';
import type { ChartSeries } from '@sports/ui/chart-canvas';
import { ChartFigure, listSentence } from './chart-figure';
import { RevenueSection } from './revenue-section';

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

function DashboardCharts({ charts }: { charts: Charts }) {
  const reserved = useMemo(() => {
    const labels = charts.reservedByType.map((r) => r.type);
    const series: ChartSeries[] = [{ label: 'Tickets', data: charts.reservedByType.map((r) => r.tickets), kind: 'bar', color: BLUE }];
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
        title="Reserved Tickets Breakdown by Section"
        sentence={`Paid tickets by seating section: ${listSentence(charts.reservedByType.map((r) => ({ label: r.type, value: r.tickets })), 'tickets')}`}
        labels={reserved.labels}
        series={reserved.series}
        rowHeader="Section"
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
        title="No-show Breakdown by Section"
        sentence={`Tickets never checked in at events that have ended, by seating section: ${listSentence(charts.noShowsByType.map((r) => ({ label: r.type, value: r.tickets })), 'no-shows')}`}
        labels={noShows.labels}
        series={noShows.series}
        rowHeader="Section"
        horizontal
        empty={charts.noShowsByType.length === 0}
      />
    </div>
  );
}

/** Dashboard (/organizer/dashboard): the four cards, three charts and the revenue, computed by the API from the caller's tickets. */
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
      <RevenueSection eventId={selected ? Number(selected) : null} />
    </section>
  );
}
