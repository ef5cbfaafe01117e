import { Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';

/** Only what the trend chart draws, so the rest of chart.js stays out of the bundle. */
Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);
