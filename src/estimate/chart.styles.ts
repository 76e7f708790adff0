import { css } from '../internal/css.js';

/** The comparables chart: scales with its width, grows its labels in a narrow panel. */
export const chartStyles = css`
  .chart {
    margin: 8px 0 0;
    max-width: 480px;
  }
  .chart.wide {
    max-width: none;
  }
  .chart svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  .grid {
    stroke: var(--_border);
    stroke-width: 1;
  }
  .tick {
    fill: var(--_muted);
    font-size: 14px;
    font-family: var(--_font);
  }
  /* The value labels; not .value, the estimate's own figure, which these sizes once shrank. */
  .end {
    text-anchor: end;
  }
  .estimate-value {
    fill: var(--_accent);
    font-weight: 700;
  }
  .band {
    fill: var(--_accent);
    opacity: 0.16;
  }
  .estimate-line {
    stroke: var(--_accent);
    stroke-width: 2.5;
    stroke-dasharray: 8 5;
  }
  .dot {
    fill: var(--_bg);
    stroke: var(--_fg);
    stroke-width: 2;
  }
  /* The chart scales with its width; in a narrow panel its labels and dots grow to stay legible. */
  @container panel (max-width: 420px) {
    .tick {
      font-size: 22px;
    }
    .dot {
      r: 9px;
      stroke-width: 3;
    }
    .estimate-line {
      stroke-width: 4;
    }
  }
  figcaption {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    font-size: 12px;
    color: var(--_muted);
  }
  .key {
    display: inline-block;
    width: 10px;
    height: 10px;
  }
  .dot-key {
    border: 2px solid var(--_fg);
    border-radius: 50%;
  }
  .line-key {
    width: 16px;
    height: 8px;
    background: var(--_accent);
    opacity: 0.5;
  }
`;
