import { css } from '../internal/css.js';

/** The sale / rent switch, the estimate and its facts, and the skeleton shown while it loads. */
export const estimateStyles = css`
  .mode {
    /* Columns of a set width, labels at their start: nothing moves when the font swaps in. */
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 9.5em));
    justify-self: start;
    max-width: 100%;
    margin: 0;
    padding: 3px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
  }
  .mode-option {
    position: relative;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 14px;
    border-radius: 999px;
    cursor: pointer;
    font-weight: 600;
    font-size: 14px;
  }
  .mode-option input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  .mode-option:has(input:checked) {
    background: var(--_accent);
    color: var(--_accent-contrast);
  }

  /*
   * The size container the estimate's layouts query (chart, facts, cards). On the estimate, not the
   * panel: a size container lays its subtree out in an extra pass, which the first search box would pay.
   */
  .estimate {
    display: grid;
    gap: 6px;
    container: panel / inline-size;
  }
  .property {
    display: grid;
    margin: 0;
  }
  .property-name {
    font-weight: 600;
  }
  .property-meta,
  .range,
  .estimate-label {
    color: var(--_muted);
    font-size: 14px;
  }
  .estimate-label {
    margin: 8px 0 0;
    font-weight: 400;
  }
  .value {
    margin: 0;
    font-size: 32px;
    line-height: 1.15;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .per {
    font-size: 16px;
    font-weight: 400;
  }
  .range {
    margin: 0;
  }
  .facts {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
    margin: 8px 0 0;
  }
  .facts div {
    padding: 8px 10px;
    background: var(--_surface);
    border-radius: 6px;
  }
  dt {
    font-size: 12px;
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .basis {
    display: block;
    font-size: 12px;
    font-weight: 400;
    color: var(--_muted);
  }
  @container panel (min-width: 560px) {
    .facts {
      grid-template-columns: repeat(4, minmax(0, 1fr));
    }
  }

  .estimate-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    align-items: center;
  }
  .text-button {
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .text-button[aria-pressed='true']::before {
    content: '✓ ';
  }
  /* The home type's and the comparables' order. */
  select {
    min-height: 36px;
    padding: 0 8px;
    font: inherit;
  }
  .home summary {
    line-height: 44px;
    font-weight: 600;
  }
  .home form {
    align-items: end;
  }
  .home label {
    display: grid;
  }
  .home input {
    width: 8em;
    padding: 8px;
  }
  .home [aria-invalid],
  .field-problem {
    border-color: var(--_error);
    color: var(--_error);
  }
  .field-problem {
    flex-basis: 100%;
    margin: 0;
  }
  .full-valuation {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }

  .skeleton .bone {
    display: block;
    height: 14px;
    border-radius: 4px;
    background: var(--_surface);
    animation: pulse 1.2s ease-in-out infinite alternate;
  }
  .skeleton .short {
    width: 50%;
  }
  .skeleton .value {
    height: 36px;
    width: 60%;
  }
  .skeleton .label {
    width: 30%;
    margin-top: 8px;
  }
  .skeleton .facts {
    height: 52px;
  }
  .skeleton .chart {
    height: 150px;
  }
  .skeleton .table {
    height: 300px;
  }
  .loading-note {
    margin: 0;
    color: var(--_muted);
  }
  @keyframes pulse {
    to {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .bone {
      animation-duration: 3s;
    }
  }
  /* Text from the network keeps its direction to itself and may break anywhere: it cannot widen the panel. */
  .property-name,
  .property-meta {
    unicode-bidi: isolate;
    overflow-wrap: anywhere;
  }
`;
