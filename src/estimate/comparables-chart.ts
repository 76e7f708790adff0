/**
 * Comparables' price per area over time, with the estimate and its range marked. Drawn as SVG by
 * the widget itself; the figure's text alternative says what the picture shows.
 */
import { html, svg } from 'lit/html.js';
import type { Estimate } from '../api/types.js';
import { type AreaUnit, formatPerAreaAmount, parseDay, pricePerArea } from '../format/format.js';
import { words } from '../words/words.js';

/**
 * Drawn for a phone first: at 280 px the chart is about 140 px tall. The value labels sit in a gutter
 * at the left, clear of the dots: round grid values in the muted colour, and the estimate's own value
 * in the accent colour beside its dashed line (a grid label too close to it is left out). A wide panel
 * gets a wider drawing of the same height, so the chart fills its width without growing tall.
 */
const WIDTHS = { narrow: 400, wide: 720 };
const HEIGHT = 220;
const PAD = { left: 88, right: 4, top: 12, bottom: 36 };
/** Dots are inset by their largest radius, so none is cut at the plot's edges. */
const INSET = 10;

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
    formatPerAreaAmount(Math.min(...values)),
    formatPerAreaAmount(Math.max(...values)),
    per,
    formatPerAreaAmount(estimated),
  );
}

/** Round values for the grid: a step of 1, 2 or 5 times a power of ten, two to four of them. */
export function gridValues(low: number, high: number): number[] {
  const rough = (high - low) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((m) => m * power >= rough)! * power;
  const values = [];
  for (let k = Math.ceil(low / step); k * step <= high; k++) values.push(k * step);
  return values;
}

export function renderComparablesChart(estimate: Estimate, unit: AreaUnit, wide = false) {
  const width = wide ? WIDTHS.wide : WIDTHS.narrow;
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
  const x = (t: number) => PAD.left + INSET + ((t - t0) / (t1 - t0)) * (width - PAD.left - PAD.right - 2 * INSET);
  const y = (v: number) => HEIGHT - PAD.bottom - ((v - y0) / (y1 - y0)) * (HEIGHT - PAD.top - PAD.bottom);
  // A grid label closer to the estimate's than a line of text would be taken for it: left out.
  const ticks = gridValues(y0, y1).filter((v) => Math.abs(y(v) - y(estimateY)) > 24);
  const description = describeChart(estimate, unit);
  const label = (v: number, type: string) =>
    svg`<text class="tick end ${type}" x=${PAD.left - 8} y=${y(v) + 5}>${formatPerAreaAmount(v)}</text>`;

  return html`<figure class="chart${wide ? ' wide' : ''}" part="chart">
    <svg viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label=${description}>
      ${ticks.map((v) => svg`<line class="grid" x1=${PAD.left} x2=${width - PAD.right} y1=${y(v)} y2=${y(v)}></line>`)}
      <rect class="band" x=${PAD.left} width=${width - PAD.left - PAD.right} y=${y(highY)} height=${Math.max(1, y(lowY) - y(highY))}></rect>
      <line class="estimate-line" x1=${PAD.left} x2=${width - PAD.right} y1=${y(estimateY)} y2=${y(estimateY)}></line>
      ${points.map((p) => svg`<circle class="dot" cx=${x(p.t)} cy=${y(p.y)} r="6"></circle>`)}
      ${ticks.map((v) => label(v, ''))} ${label(estimateY, 'estimate-value')}
      <text class="tick" x=${PAD.left} y=${HEIGHT - 6}>${words.month(new Date(t0).toISOString().slice(0, 10))}</text>
      <text class="tick end" x=${width - PAD.right} y=${HEIGHT - 6}>${words.month(estimate.asOf)}</text>
    </svg>
    <figcaption>
      <span><span class="key dot-key"></span> ${words.chartKeyComparables(estimate.mode, words.perUnit[unit])}</span>
      <span><span class="key line-key"></span> ${words.chartKeyEstimate}</span>
    </figcaption>
  </figure>`;
}
