/** The reference page's styles: one inline sheet, allowed by its hash in the page's content security policy. */
export const STYLES = `*,::before,::after{box-sizing:border-box}:root{color-scheme:light dark;--fg:light-dark(#17212b,#e8edf2);--bg:light-dark(#fff,#151b22);--accent:light-dark(#0b6b57,#5fd4b5);--border:light-dark(#cfd6dd,#3a4653)}
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:var(--fg);background:var(--bg)}code{font-size:.95em;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;border-bottom:1px solid var(--border);padding:.3rem .5rem;vertical-align:top;overflow-wrap:break-word}
caption{text-align:left;font-weight:600}.method{background:#0b6b57;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8em}.deprecated{background:#8a4b00;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8em}
.operation{border-top:1px solid var(--border);margin-top:1.5rem}.try input,.try textarea{font:inherit;width:100%;max-width:28rem;padding:.4rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg)}
.try label{display:block;font-weight:600}.try button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:6px;background:var(--accent);color:light-dark(#fff,#0c1a16)}
pre.answer{max-height:24rem;overflow:auto}td a,p a,caption,h3{overflow-wrap:anywhere}pre{overflow-x:auto;background:light-dark(#f3f6f8,#1e262f);padding:.5rem;border-radius:6px}pre code{overflow-wrap:normal}a{color:var(--accent)}
header{border-bottom:1px solid var(--border);padding-bottom:.5rem}.brand{font-weight:600;margin:.25rem 0}.brand a{text-decoration:none}
form[role=search] label{display:block;font-weight:600;font-size:.9rem}form[role=search] input{font:inherit;width:min(100%,22rem);min-height:2.75rem;padding:.4rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg)}
form[role=search] button{font:inherit;font-weight:600;min-height:2.75rem;padding:.4rem 1rem;border:0;border-radius:6px;background:var(--accent);color:light-dark(#fff,#0c1a16)}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem .5rem;list-style:none;padding:0;margin:.5rem 0}nav a{display:inline-block;padding:.25rem .6rem;border:1px solid var(--border);border-radius:999px;text-decoration:none;font-size:.9rem}
nav a[aria-current]{background:var(--accent);color:light-dark(#fff,#0c1a16);border-color:var(--accent)}ul.toc{padding-inline-start:1.2rem;overflow-wrap:anywhere}ul.toc li{margin:.2rem 0}.hint{color:light-dark(#4f5b66,#a9b4bf)}
@media (max-width:40rem){body{padding:.75rem}th,td{padding:.3rem .25rem;font-size:.9rem}code{overflow-wrap:anywhere}
table.params thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}table.params,table.params caption,table.params tbody,table.params tr,table.params td{display:block}
table.params tr{border-bottom:1px solid var(--border);padding:.4rem 0}table.params td{border:0;padding:.1rem 0}table.params td[data-label]::before{content:attr(data-label) ': ';color:light-dark(#4f5b66,#a9b4bf)}}`;
