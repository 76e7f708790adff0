// Mapbox's <mapbox-search-box>, as its docs embed it.
import { MapboxSearchBox } from '@mapbox/search-js-web';

if (!customElements.get('mapbox-search-box')) customElements.define('mapbox-search-box', MapboxSearchBox);
