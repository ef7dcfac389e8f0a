// Chart.js 4 draws the bars. Only the pieces a bar chart needs are registered, so the rest of the
// library stays out of the bundle; only the dashboard page imports this module, so Chart.js loads
// with the dashboard's chunk and nowhere else.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The admin area's navy (data-screens.css --ds-primary of .ds-area--admin). */
const BAR_COLOR = '#0f2a4a';

interface ChartCanvasProps {
  labels: readonly string[];
  values: readonly number[];
  /** The series' name in the chart's own tooltip. */
  seriesLabel: string;
}

/** A bar chart on a canvas. Hidden from assistive technology: the caller gives the values as text. */
export function ChartCanvas({ labels, values, seriesLabel }: ChartCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels: [...labels], datasets: [{ label: seriesLabel, data: [...values], backgroundColor: BAR_COLOR, borderRadius: 3, maxBarThickness: 48 }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { enabled: true } },
        scales: {
          x: { grid: { display: false }, ticks: { autoSkip: false, maxRotation: 0, color: '#374151' } },
          y: { beginAtZero: true, ticks: { precision: 0, color: '#374151' } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, seriesLabel]);
  return (
    <div className="adm-chart__canvas">
      <canvas ref={canvasRef} aria-hidden="true" data-testid="sales-chart" />
    </div>
  );
}
