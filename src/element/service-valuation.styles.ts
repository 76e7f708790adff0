/** The element's styles: the panel's own, then each feature's, in one adopted stylesheet. */
import { chartStyles } from '../estimate/chart.styles.js';
import { comparablesStyles } from '../estimate/comparables.styles.js';
import { estimateStyles } from '../estimate/estimate.styles.js';
import { searchStyles } from '../search/search.styles.js';
import { panelStyles } from './panel.styles.js';

export const styles = panelStyles + searchStyles + estimateStyles + chartStyles + comparablesStyles;
