/**
 * The snippet builder without page loads: a change to any option asks the server for the page it would
 * show (the one place the snippet is written), and takes from it only text and the preview's data
 * attributes, never its markup: the preview's panel follows its container's attributes. The page works
 * without it (the Update button submits the form).
 */
export const SNIPPET_SCRIPT = `const form = document.querySelector('form[data-snippet-builder]');
if (form) {
  let latest;
  const refresh = async () => {
    const url = form.action + '?' + new URLSearchParams(new FormData(form));
    const asked = (latest = new AbortController());
    let text;
    try { text = await (await fetch(url, { signal: asked.signal, headers: { Accept: 'text/html' } })).text(); } catch { return; }
    if (asked !== latest) return;
    const next = new DOMParser().parseFromString(text, 'text/html');
    for (const box of document.querySelectorAll('textarea.code[readonly]')) {
      const fresh = next.getElementById(box.id);
      if (fresh) box.value = fresh.value;
    }
    const problem = next.getElementById('query-error')?.textContent ?? '';
    const shown = document.getElementById('query-error');
    if (shown) shown.textContent = problem;
    const container = document.querySelector('.preview [data-service-valuation]');
    const wanted = next.querySelector('.preview [data-service-valuation]');
    if (container && wanted && !problem) {
      // The loader passes a container's changed attributes on to its panel.
      for (const { name } of [...container.attributes])
        if (name.startsWith('data-') && !wanted.hasAttribute(name)) container.removeAttribute(name);
      for (const { name, value } of wanted.attributes) if (name.startsWith('data-')) container.setAttribute(name, value);
    }
    history.replaceState(null, '', url);
  };
  form.addEventListener('change', refresh);
  form.addEventListener('input', (event) => { if (event.target.id === 'query') { clearTimeout(form.pause); form.pause = setTimeout(refresh, 400); } });
}`;
