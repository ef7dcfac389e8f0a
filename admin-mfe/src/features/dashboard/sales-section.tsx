import { useId, useMemo } from 'react';
import type { SALES_YEAR_MAX as CONTRACT_YEAR_MAX, SALES_YEAR_MIN as CONTRACT_YEAR_MIN, SalesResponse } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { keepPreviousData, useQuery } from '@sports/query';
import { DataTable, FilterSelect, QueryView, useFilterParam } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { formatCount } from '../../shared/format';
import { ChartCanvas } from '@sports/ui/chart-canvas';
import type { ChartSeries } from '@sports/ui/chart-canvas';

/** The admin area's navy (data-screens.css --ds-primary of .ds-area--admin). */
const BAR_COLOR = '#0f2a4a';

/** Years the API accepts (salesQuerySchema); the annotations make tsc fail if the contract's change. */
const YEAR_MIN: typeof CONTRACT_YEAR_MIN = 2000;
const YEAR_MAX: typeof CONTRACT_YEAR_MAX = 2100;
const YEARS = Array.from({ length: YEAR_MAX - YEAR_MIN + 1 }, (_, i) => String(YEAR_MIN + i));

type Month = SalesResponse['months'][number];

const monthName = (month: number) => new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

const MONTH_COLUMNS: ReadonlyArray<DataColumn<Month>> = [
  { id: 'month', header: 'Month', cell: (m) => monthName(m.month), rowHeader: true },
  { id: 'tickets', header: 'Tickets sold', cell: (m) => formatCount(m.tickets), className: 'ds-cell--number', align: 'end' },
];

function SalesChart({ data }: { data: SalesResponse }) {
  const captionId = useId();
  const labels = useMemo(() => data.months.map((m) => m.label), [data.months]);
  const series = useMemo((): ChartSeries[] => [{ label: 'Tickets sold', data: data.months.map((m) => m.tickets), kind: 'bar', color: BAR_COLOR }], [data.months]);
  return (
    <figure className="adm-chart" aria-labelledby={captionId}>
      <ChartCanvas labels={labels} series={series} className="adm-chart__canvas" testId="sales-chart" />
      <figcaption id={captionId} className="adm-chart__caption">
        Tickets sold per month in {data.year}: {formatCount(data.total)} in all.
      </figcaption>
      <details className="adm-chart__data">
        <summary>Show the numbers as a table</summary>
        <DataTable caption={`Tickets sold per month in ${data.year}`} columns={MONTH_COLUMNS} rows={data.months} rowKey="month" minWidth="14rem" />
      </details>
    </figure>
  );
}

/** The bar chart of tickets sold per month for a year chosen in the URL (?year=; default: the latest year with sales). */
export function SalesSection() {
  const headingId = useId();
  const [yearParam, setYear] = useFilterParam('year', { allowed: YEARS, pageParam: null });
  const sales = useQuery({ ...adminQueries.sales(yearParam ? Number(yearParam) : null), placeholderData: keepPreviousData });
  const shownYear = yearParam || (sales.data ? String(sales.data.year) : '');
  const yearOptions = useMemo(() => {
    const years = new Set((sales.data?.years ?? []).map(String));
    if (shownYear) years.add(shownYear);
    return [...years].sort().reverse().map((y) => ({ value: y, label: y }));
  }, [sales.data?.years, shownYear]);

  return (
    <section className="ds-panel adm-panel adm-panel--wide" aria-labelledby={headingId}>
      <div className="adm-panel__head">
        <h2 id={headingId}>Tickets Sold per Month</h2>
        {yearOptions.length > 0 ? <FilterSelect label="Year" value={shownYear} onChange={setYear} options={yearOptions} className="adm-year" /> : null}
      </div>
      <div aria-busy={sales.isFetching || undefined} className={sales.isPlaceholderData ? 'adm-stale' : undefined}>
        <QueryView query={sales}>{(data) => <SalesChart data={data} />}</QueryView>
      </div>
    </section>
  );
}
