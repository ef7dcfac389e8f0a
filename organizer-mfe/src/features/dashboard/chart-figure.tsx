// A dashboard chart with its title, its values in a sentence, and the same values as a table for
// anyone who cannot see the canvas.
import { DataTable, EmptyState } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { ChartCanvas } from '@sports/ui/chart-canvas';
import type { ChartSeries } from '@sports/ui/chart-canvas';

/** "A: 1; B: 2." for a chart's caption, or "No {unit} yet." */
export function listSentence(items: ReadonlyArray<{ label: string; value: number }>, unit: string): string {
  if (items.length === 0) return `No ${unit} yet.`;
  return `${items.map((i) => `${i.label}: ${i.value.toLocaleString('en-PH')}`).join('; ')}.`;
}

interface Row {
  label: string;
  values: number[];
}

/** A chart with its title, its values in a sentence, and the same values as a table for anyone who cannot see the canvas. */
export function ChartFigure({ id, title, sentence, labels, series, rowHeader, horizontal, empty, format = (v) => v.toLocaleString('en-PH') }: {
  id: string;
  title: string;
  sentence: string;
  labels: string[];
  series: ChartSeries[];
  rowHeader: string;
  horizontal?: boolean;
  empty: boolean;
  /** How a value reads in the table (default: a count). */
  format?: (value: number) => string;
}) {
  const rows: Row[] = labels.map((label, i) => ({ label, values: series.map((s) => s.data[i] ?? 0) }));
  const tableColumns: ReadonlyArray<DataColumn<Row>> = [
    { id: 'label', header: rowHeader, cell: (r) => r.label, rowHeader: true },
    ...series.map((s, i) => ({ id: `v${i}`, header: s.label, cell: (r: Row) => format(r.values[i] ?? 0), className: 'ds-cell--number' })),
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

