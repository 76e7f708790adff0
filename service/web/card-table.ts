/**
 * A table of the service's pages that becomes a card per row on a phone (layout.ts's `table.cards`):
 * each cell carries its column's name, shown beside the value when the header row is hidden.
 */
import { type Html, html } from './html.js';

export interface Column {
  name: string;
  /** Figures: right-aligned, never wrapped. */
  numeric?: boolean;
}

export function cardTable(caption: string, columns: Column[], rows: unknown[][], empty: string): Html {
  const body = rows.length
    ? rows.map(
        (cells) =>
          html`<tr>${cells.map((value, i) => html`<td data-label="${columns[i].name}"${columns[i].numeric && html` class="num"`}><span>${value}</span></td>`)}</tr>\n`,
      )
    : html`<tr><td colspan="${columns.length}">${empty}</td></tr>`;
  return html`<table class="cards"><caption>${caption}</caption><thead><tr>${columns.map(
    (c) => html`<th scope="col"${c.numeric && html` class="num"`}>${c.name}</th>`,
  )}</tr></thead>
<tbody>${body}</tbody></table>`;
}
