// The element as the widget host's one file carries it: vite.config.ts builds this module's bundle
// on its own and hands it to the loader as one function (`virtual:element-code`), run when a
// container nears the viewport.
import './service-valuation.js';
