// The data screens' charts, drawn with Chart.js 4 on a canvas. This module is its own entry
// (@sports/ui/chart-canvas), not part of the kit's index: only a dashboard page imports it, so
// Chart.js loads with that page's chunk and nowhere else. It registers only what a one-series bar
// chart needs; a page that draws lines or several series also imports @sports/ui/chart-lines-and-legend.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { ChartConfiguration } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** Tick labels in the kit's text grey. */
const TICK_COLOR = '#374151';
/** Up to 12 category labels (a year's months) are all shown; more are thinned out when they would crowd. */
const ALL_LABELS_UP_TO = 12;

export interface ChartSeries {
  label: string;
  data: readonly number[];
  kind: 'bar' | 'line';
  color: string;
}

export interface ChartCanvasProps {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Bars along the y axis (long names read better). */
  horizontal?: boolean;
  /** The box the canvas fills (its height comes from the page's stylesheet). */
  className: string;
  testId?: string;
}

/** One chart on a canvas. Hidden from assistive technology: the figure around it gives the values as text. */
export function ChartCanvas({ labels, series, horizontal = false, className, testId }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const valueAxis = horizontal ? 'x' : 'y';
    const categoryAxis = horizontal ? 'y' : 'x';
    const config: ChartConfiguration<'bar' | 'line', number[], string> = {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          type: s.kind,
          label: s.label,
          data: [...s.data],
          backgroundColor: s.kind === 'bar' ? s.color : 'transparent',
          borderColor: s.color,
          borderWidth: s.kind === 'line' ? 2 : 0,
          borderRadius: s.kind === 'bar' ? 3 : 0,
          maxBarThickness: 48,
          pointRadius: s.kind === 'line' ? 0 : undefined,
          tension: 0.25,
        })),
      },
      options: {
        indexAxis: categoryAxis,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: series.length > 1, position: 'bottom' }, tooltip: { enabled: true } },
        scales: {
          [valueAxis]: { beginAtZero: true, ticks: { precision: 0, color: TICK_COLOR } },
          [categoryAxis]: { grid: { display: false }, ticks: { autoSkip: !horizontal && labels.length > ALL_LABELS_UP_TO, maxRotation: 0, color: TICK_COLOR } },
        },
      },
    };
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [labels, series, horizontal]);
  return (
    <div className={className}>
      <canvas ref={canvasRef} aria-hidden="true" data-testid={testId} />
    </div>
  );
}
