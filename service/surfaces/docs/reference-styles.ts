/** The reference page's styles: one inline sheet, allowed by its hash in the page's content security policy. */
export const STYLES = `*,::before,::after{box-sizing:border-box}:root{color-scheme:light dark;--fg:light-dark(#17212b,#e8edf2);--bg:light-dark(#fff,#151b22);--accent:light-dark(#0b6b57,#5fd4b5);--border:light-dark(#cfd6dd,#3a4653)}
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:var(--fg);background:var(--bg)}code{font-size:.95em;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;border-bottom:1px solid var(--border);padding:.3rem .5rem;vertical-align:top;overflow-wrap:break-word}
caption{text-align:left;font-weight:600}.method{background:#0b6b57;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8em}
.operation{border-top:1px solid var(--border);margin-top:1.5rem}.try input,.try textarea{font:inherit;width:100%;max-width:28rem;padding:.4rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg)}
.try label{display:block;font-weight:600}.try button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:6px;background:var(--accent);color:light-dark(#fff,#0c1a16)}
pre.answer{max-height:24rem;overflow:auto}td a,p a,caption,h3{overflow-wrap:anywhere}pre{overflow-x:auto;background:light-dark(#f3f6f8,#1e262f);padding:.5rem;border-radius:6px}pre code{overflow-wrap:normal}a{color:var(--accent)}
@media (max-width:40rem){body{padding:.75rem}th,td{padding:.3rem .25rem;font-size:.9rem;overflow-wrap:anywhere}}`;
