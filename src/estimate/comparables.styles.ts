import { css } from '../internal/css.js';

/** The comparables table: sortable headers; one card per row in a narrow panel. */
export const comparablesStyles = css`
  .sort {
    min-height: 32px;
    color: var(--_muted);
    white-space: nowrap;
    text-align: inherit;
  }
  .sort-icon {
    display: inline-block;
    width: 1em;
    font-size: 10px;
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
    thead tr {
      display: flex;
      flex-wrap: wrap;
      gap: 0 12px;
    }
    th {
      border: 0;
      padding: 0;
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
      font-weight: 600;
    }
    td.num {
      text-align: start;
    }
  }
  /* Text from the network keeps its direction to itself: a stray bidi override cannot flip the panel. */
  td {
    unicode-bidi: isolate;
  }
`;
