import { css } from '../internal/css.js';

/** The comparables: one "Sort by" control, the table, one card per row in a narrow panel. */
export const comparablesStyles = css`
  .sort-by {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    margin-top: 12px;
    font-size: 13px;
    color: var(--_muted);
  }
  /* The rest of the row, never its longest option's width: a Malay or Tamil one would widen the panel. */
  .sort-by select {
    flex: 1;
    width: 0;
    max-width: 16em;
  }

  .table-wrap {
    margin-top: 8px;
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: start;
    font-weight: 600;
    font-size: 14px;
    padding-bottom: 6px;
  }
  th,
  td {
    padding: 6px 8px 6px 0;
    text-align: start;
    border-bottom: 1px solid var(--_border);
    vertical-align: top;
  }
  th {
    font-weight: 600;
    color: var(--_muted);
    white-space: nowrap;
  }
  .num {
    text-align: end;
    white-space: nowrap;
  }
  @container panel (max-width: 520px) {
    /* Cards need no header row: each value says what it is. Screen readers still have the headers. */
    thead {
      position: absolute;
      clip-path: inset(50%);
    }
    tr {
      display: grid;
      grid-template-columns: 1fr auto;
      padding: 8px 0;
      border-bottom: 1px solid var(--_border);
    }
    td {
      border: 0;
      padding: 0;
    }
    td.address {
      grid-column: 1 / -1;
      overflow-wrap: anywhere;
      font-weight: 600;
    }
    /* A card's values may wrap: a price per area in Malay or Tamil is longer than half a phone. */
    td.num {
      text-align: start;
      white-space: normal;
    }
  }
  /* Text from the network keeps its direction to itself: a stray bidi override cannot flip the panel. */
  td {
    unicode-bidi: isolate;
  }
`;
