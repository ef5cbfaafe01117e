import { Chart, PointElement, Tooltip } from 'chart.js';
import { BubbleMapController, ChoroplethController, ColorScale, GeoFeature, ProjectionScale, SizeScale } from 'chartjs-chart-geo';

/** Only what the status map draws: regions (choropleth) and node markers (bubble map) on one projection. */
Chart.register(ChoroplethController, BubbleMapController, GeoFeature, ProjectionScale, ColorScale, SizeScale, PointElement, Tooltip);
