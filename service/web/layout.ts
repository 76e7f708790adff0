/**
 * The service's own pages (valuation pages, API Console, docs) in the widget's visual language: its
 * colours in both schemes, its type, its pill buttons. Server-rendered through the escaping `html` tag.
 */
import en from '../../src/words/en.js';
import { contentSecurityPolicy } from './content-security.js';
import { FAVICON_PATH } from './favicon.js';
import { type Html, html, raw } from './html.js';

const STYLES = `*,::before,::after{box-sizing:border-box}:root{color-scheme:light dark;--accent:light-dark(#0b6b57,#5fd4b5);--bg:light-dark(#fff,#151b22);--fg:light-dark(#17212b,#e8edf2);
--muted:light-dark(#4f5b66,#a9b4bf);--border:light-dark(#cfd6dd,#3a4653);--surface:light-dark(#f3f6f8,#1e262f)}
body{margin:0;overflow-wrap:break-word;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem}a{color:var(--accent)}h1{font-size:1.6rem;line-height:1.2;margin:.2rem 0}
.brand{text-transform:uppercase;letter-spacing:.06em;font-size:.8rem;color:var(--muted)}.meta,.range,dt,.label{color:var(--muted)}
.value{font-size:2.4rem;font-weight:700;margin:0;font-variant-numeric:tabular-nums}.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.5rem;padding:0}
.facts div{background:var(--surface);border-radius:6px;padding:.5rem .7rem}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}code{overflow-wrap:anywhere}nav a{display:inline-block;padding:.6rem 1rem;border:1px solid var(--border);border-radius:999px;text-decoration:none;font-weight:600}
nav a[aria-current]{background:var(--accent);color:light-dark(#fff,#0c1a16);border-color:var(--accent)}
table{width:100%;border-collapse:collapse;font-size:.9rem;font-variant-numeric:tabular-nums}caption{text-align:start;font-weight:600;padding:.5rem 0}
th,td{text-align:start;padding:.4rem .5rem .4rem 0;border-bottom:1px solid var(--border);vertical-align:top}.num{text-align:end;white-space:nowrap}
footer{margin-top:2rem;padding-top:1rem;border-top:1px solid var(--border);font-size:.85rem;color:var(--muted)}
label{display:block;font-weight:600}input{font:inherit;padding:.6rem;min-width:16rem;border:1px solid var(--muted);border-radius:8px;background:var(--bg);color:var(--fg)}
select{font:inherit;min-height:2.75rem;padding:.5rem .6rem;max-width:100%;border:1px solid var(--muted);border-radius:8px;background:var(--bg);color:var(--fg)}
button{font:inherit;font-weight:600;padding:.6rem 1rem;border:0;border-radius:8px;background:var(--accent);color:light-dark(#fff,#0c1a16)}
.error{color:light-dark(#a4262c,#ff9a9a);font-weight:600;margin:.25rem 0}.field{margin:1rem 0}.hint{color:var(--muted);font-size:.9rem;margin:.2rem 0}
textarea{font:inherit;width:100%;min-height:6rem;padding:.6rem;border:1px solid var(--muted);border-radius:8px;background:var(--bg);color:var(--fg)}
textarea.code{font-family:ui-monospace,monospace;font-size:.85rem}pre.code{font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere;background:var(--surface,transparent);padding:.5rem;border-radius:6px}fieldset{border:1px solid var(--border);border-radius:8px;margin:1rem 0}
.inline{display:inline}td form.inline{display:inline-flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center;justify-content:flex-end}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.secondary{background:var(--surface);color:var(--fg);border:1px solid var(--border)}.danger{background:light-dark(#a4262c,#ff9a9a);color:light-dark(#fff,#151b22)}
input[type=radio],input[type=checkbox]{min-width:0;width:1.1rem;height:1.1rem;padding:0;margin:0 .5rem 0 0;vertical-align:middle}
.notice{background:var(--surface);border-inline-start:4px solid var(--accent);padding:.75rem 1rem;border-radius:6px}
header.console{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
.environment{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin:0 0 1rem;padding:.5rem 1rem;border-radius:8px;font-weight:600}
.environment.sandbox{background:light-dark(#fff4d6,#3b3012);color:light-dark(#5c4300,#ffe3a3);border:1px dashed light-dark(#8a6500,#e0b44a)}
.environment.live{background:light-dark(#e3f4ee,#12302a);color:light-dark(#0b4d3f,#b5f0df);border:1px solid var(--accent)}
.environment p{margin:0}
.preview{border:1px dashed var(--border);border-radius:8px;padding:1rem}.grid,.snippet-builder{display:grid;gap:1rem}@media (min-width:60rem){.grid{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}
.snippet-builder{grid-template-columns:minmax(0,1fr) minmax(0,1fr);grid-template-areas:'options preview' 'code preview'}.snippet-builder .options{grid-area:options}
.snippet-builder .preview{grid-area:preview;align-self:start}.snippet-builder .code-boxes{grid-area:code}}.error:empty{display:none}
@media (max-width:40rem){input{min-width:0;width:100%}main{padding-top:.75rem}h1{font-size:1.3rem}
nav ul{flex-wrap:nowrap;overflow-x:auto;margin:.5rem 0;padding-bottom:.25rem}nav li{flex:none}nav a{padding:.45rem .8rem;font-size:.9rem}table.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table.cards,table.cards caption,table.cards tbody,table.cards tr{display:block}table.cards tr{border-bottom:1px solid var(--border);padding:.5rem 0}
table.cards td{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.1rem 0;text-align:end;white-space:normal}
table.cards td::before{content:attr(data-label);color:var(--muted);text-align:start}table.cards td>span{min-width:0;overflow-wrap:anywhere}}`;

/** The policy every page built with `layout` is served with. */
export const PAGE_POLICY = contentSecurityPolicy([STYLES]);

/** The policy of a page that also runs the widget from another widget host (live's console previews its keys). */
export const pagePolicyWith = (widgetOrigin: string) => contentSecurityPolicy([STYLES], [widgetOrigin]);

/** The headers of a page built with `layout`. */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': PAGE_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

export function layout(
  title: string,
  body: Html,
  footer: Html = html`<p class="disclaimer">${en.disclaimer}</p>`,
): Html {
  return html`<!doctype html><html lang="${en.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml"><style>${raw(STYLES)}</style></head><body><main>
<p class="brand">${en.brand}</p>${body}
<footer>${footer}</footer>
</main></body></html>`;
}
