// Registers the Chart.js pieces for line series (with their fill) and the legend of a chart with
// several series, for @sports/ui/chart-canvas. A page whose charts need them imports this module
// once; a one-series bar chart leaves them out of its chunk.
import { Chart, Filler, Legend, LineController, LineElement, PointElement } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, Filler, Legend);
