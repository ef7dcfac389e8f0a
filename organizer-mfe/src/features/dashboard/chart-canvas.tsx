// The dashboard's charts, drawn with Chart.js 4. Only the pieces these three charts use are
// registered (bar and line), so the rest of the library is left out of the bundle; this module is
// imported only by the dashboard page, so Chart.js loads with that page's chunk and nowhere else.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Filler, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import type { ChartConfiguration } from 'chart.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Legend, Tooltip);

export interface ChartSeries {
  label: string;
  data: number[];
  kind: 'bar' | 'line';
  color: string;
}

interface ChartCanvasProps {
  labels: string[];
  series: ChartSeries[];
  /** Bars along the y axis (long section names read better). */
  horizontal?: boolean;
}

/** One chart on a canvas. Decorative for assistive technology: the figure around it carries the values as text. */
export function ChartCanvas({ labels, series, horizontal = false }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const config: ChartConfiguration<'bar' | 'line', number[], string> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({
          type: s.kind,
          label: s.label,
          data: s.data,
          backgroundColor: s.kind === 'bar' ? s.color : 'transparent',
          borderColor: s.color,
          borderWidth: s.kind === 'line' ? 2 : 0,
          pointRadius: s.kind === 'line' ? 0 : undefined,
          tension: 0.25,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        scales: { [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } }, [horizontal ? 'y' : 'x']: { ticks: { autoSkip: !horizontal, maxRotation: 0 } } },
      },
    };
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [labels, series, horizontal]);
  return (
    <div className={horizontal ? 'org-chart__canvas org-chart__canvas--tall' : 'org-chart__canvas'}>
      <canvas ref={canvasRef} aria-hidden="true" />
    </div>
  );
}
