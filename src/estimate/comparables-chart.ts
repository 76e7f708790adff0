/**
 * Comparables' price per area over time, with the estimate and its range marked. Drawn as SVG by
 * the widget itself; the figure's text alternative says what the picture shows.
 */
import { html, svg } from 'lit/html.js';
import type { Estimate } from '../api/types.js';
import { type AreaUnit, formatMoney, formatMonth, parseDay, perAreaLabel, pricePerArea } from '../format/format.js';
import * as en from '../words/en.js';

const WIDTH = 560;
const HEIGHT = 200;
const PAD = { left: 84, right: 12, top: 16, bottom: 34 };

export function describeChart(estimate: Estimate, unit: AreaUnit): string {
  const per = perAreaLabel(unit);
  const values = estimate.comparables.map((c) => pricePerArea(c.pricePerSqm, unit));
  const dates = estimate.comparables.map((c) => c.date).sort();
  const estimated = pricePerArea(estimate.value / estimate.property.floorAreaSqm, unit);
  return en.chartSummary(
    estimate.comparables.length,
    estimate.mode,
    formatMonth(dates[0]),
    formatMonth(dates[dates.length - 1]),
    formatMoney(Math.min(...values)),
    formatMoney(Math.max(...values)),
    per,
    formatMoney(estimated),
  );
}

export function renderComparablesChart(estimate: Estimate, unit: AreaUnit) {
  const area = estimate.property.floorAreaSqm;
  const points = estimate.comparables.map((c) => ({ t: parseDay(c.date).getTime(), y: pricePerArea(c.pricePerSqm, unit) }));
  const estimateY = pricePerArea(estimate.value / area, unit);
  const lowY = pricePerArea(estimate.low / area, unit);
  const highY = pricePerArea(estimate.high / area, unit);

  const t0 = Math.min(...points.map((p) => p.t));
  const t1 = Math.max(parseDay(estimate.asOf).getTime(), t0 + 86_400_000);
  const ys = [...points.map((p) => p.y), lowY, highY];
  const margin = (Math.max(...ys) - Math.min(...ys)) * 0.1 || estimateY * 0.05;
  const y0 = Math.min(...ys) - margin;
  const y1 = Math.max(...ys) + margin;
  const x = (t: number) => PAD.left + ((t - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - ((v - y0) / (y1 - y0)) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = [y0 + (y1 - y0) * 0.15, (y0 + y1) / 2, y1 - (y1 - y0) * 0.15];
  const description = describeChart(estimate, unit);

  return html`<figure class="chart" part="chart">
    <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label=${description}>
      ${ticks.map(
        (v) => svg`<line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(v)} y2=${y(v)}></line>
          <text class="tick" x=${PAD.left - 6} y=${y(v) + 4} text-anchor="end">${formatMoney(v)}</text>`,
      )}
      <rect class="band" x=${PAD.left} width=${WIDTH - PAD.left - PAD.right} y=${y(highY)} height=${Math.max(1, y(lowY) - y(highY))}></rect>
      <line class="estimate-line" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(estimateY)} y2=${y(estimateY)}></line>
      ${points.map((p) => svg`<circle class="dot" cx=${x(p.t)} cy=${y(p.y)} r="5"></circle>`)}
      <text class="tick" x=${PAD.left} y=${HEIGHT - 6}>${formatMonth(new Date(t0).toISOString().slice(0, 10))}</text>
      <text class="tick" x=${WIDTH - PAD.right} y=${HEIGHT - 6} text-anchor="end">${formatMonth(estimate.asOf)}</text>
    </svg>
    <figcaption>
      <span class="key dot-key" aria-hidden="true"></span> ${en.chartKeyComparables(estimate.mode, perAreaLabel(unit))}
      <span class="key line-key" aria-hidden="true"></span> ${en.chartKeyEstimate}
    </figcaption>
  </figure>`;
}
