/**
 * Comparables' price per area over time, with the estimate and its range marked. Drawn as SVG by
 * the widget itself; the figure's text alternative says what the picture shows.
 */
import { html, svg } from 'lit/html.js';
import type { Estimate } from '../api/types.js';
import { type AreaUnit, formatMoney, parseDay, pricePerArea } from '../format/format.js';
import { words } from '../words/words.js';

/**
 * Drawn for a phone first: at 280 px the chart is about 140 px tall. Its three value labels sit on
 * their grid lines, inside the plot, so no margin is spent on them.
 */
const WIDTH = 400;
const HEIGHT = 220;
const PAD = { left: 4, right: 4, top: 8, bottom: 36 };

export function describeChart(estimate: Estimate, unit: AreaUnit): string {
  const per = words.perUnit[unit];
  const values = estimate.comparables.map((c) => pricePerArea(c.pricePerSqm, unit));
  const dates = estimate.comparables.map((c) => c.date).sort();
  const estimated = pricePerArea(estimate.value / estimate.property.floorAreaSqm, unit);
  return words.chartSummary(
    estimate.comparables.length,
    estimate.mode,
    words.month(dates[0]),
    words.month(dates[dates.length - 1]),
    formatMoney(Math.min(...values)),
    formatMoney(Math.max(...values)),
    per,
    formatMoney(estimated),
  );
}

export function renderComparablesChart(estimate: Estimate, unit: AreaUnit) {
  const area = estimate.property.floorAreaSqm;
  const points = estimate.comparables.map((c) => ({
    t: parseDay(c.date).getTime(),
    y: pricePerArea(c.pricePerSqm, unit),
  }));
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
      ${ticks.map((v) => svg`<line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(v)} y2=${y(v)}></line>`)}
      <rect class="band" x=${PAD.left} width=${WIDTH - PAD.left - PAD.right} y=${y(highY)} height=${Math.max(1, y(lowY) - y(highY))}></rect>
      <line class="estimate-line" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(estimateY)} y2=${y(estimateY)}></line>
      ${points.map((p) => svg`<circle class="dot" cx=${x(p.t)} cy=${y(p.y)} r="6"></circle>`)}
      ${ticks.map((v) => svg`<text class="tick" x=${PAD.left} y=${y(v) - 6}>${formatMoney(v)}</text>`)}
      <text class="tick" x=${PAD.left} y=${HEIGHT - 6}>${words.month(new Date(t0).toISOString().slice(0, 10))}</text>
      <text class="tick" x=${WIDTH - PAD.right} y=${HEIGHT - 6} text-anchor="end">${words.month(estimate.asOf)}</text>
    </svg>
    <figcaption>
      <span><span class="key dot-key"></span> ${words.chartKeyComparables(estimate.mode, words.perUnit[unit])}</span>
      <span><span class="key line-key"></span> ${words.chartKeyEstimate}</span>
    </figcaption>
  </figure>`;
}
