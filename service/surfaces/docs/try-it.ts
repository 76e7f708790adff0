/**
 * "Try it" on the reference page: a form per operation, prefilled with the sandbox's key and the
 * contract's example values, sent from the page (same origin: no CORS) with one small script served
 * beside it (the page's CSP allows only its own scripts). The answer is shown as text, never as HTML.
 */
import { type Html, html } from '../../web/html.js';

export const TRY_IT_PATH = '/reference/try-it.js';

export interface TryItField {
  name: string;
  in: 'path' | 'query';
  value: string;
  required: boolean;
}

export function tryItForm(
  operationId: string,
  method: string,
  path: string,
  key: string,
  fields: TryItField[],
  body?: string,
): Html {
  const id = (name: string) => `try-${operationId}-${name}`;
  return html`<form class="try" data-method="${method.toUpperCase()}" data-path="/v1${path}">
<p><label for="${id('key')}">API key</label><input id="${id('key')}" name="key" value="${key}" autocomplete="off" spellcheck="false"></p>
${fields.map(
  (f) =>
    html`<p><label for="${id(f.name)}">${f.name} (${f.in}${f.required ? ', required' : ''})</label><input id="${id(f.name)}" name="p:${f.in}:${f.name}" value="${f.value}"${f.required && html` required`} autocomplete="off"></p>`,
)}${
    body !== undefined &&
    html`<p><label for="${id('body')}">Body (JSON)</label><textarea id="${id('body')}" name="body" rows="5" spellcheck="false">${body}</textarea></p>`
  }<p><button type="submit">Send to the sandbox</button></p>
<pre class="answer" tabindex="0" aria-live="polite" hidden></pre></form>`;
}

/** The page's one script: sends a form's request and shows the answer's status, request id and body as text. */
export const TRY_IT_SCRIPT = `document.addEventListener('submit', async (event) => {
  const form = event.target.closest('form.try');
  if (!form) return;
  event.preventDefault();
  const data = new FormData(form);
  let path = form.dataset.path;
  const query = new URLSearchParams();
  for (const [name, value] of data) {
    const [kind, where, parameter] = name.split(':');
    if (kind !== 'p' || value === '') continue;
    if (where === 'path') path = path.replace('{' + parameter + '}', encodeURIComponent(value));
    else query.append(parameter, value);
  }
  const answer = form.querySelector('.answer');
  answer.hidden = false;
  answer.textContent = 'Sending…';
  try {
    const headers = { Authorization: 'Bearer ' + data.get('key'), Accept: 'application/json' };
    // A write gets a fresh Idempotency-Key per click, as a careful client sends one per change.
    if (form.dataset.method !== 'GET') headers['Idempotency-Key'] = crypto.randomUUID();
    if (data.has('body')) headers['Content-Type'] = 'application/json';
    const response = await fetch(path + (query.size ? '?' + query : ''), {
      method: form.dataset.method,
      headers,
      body: data.has('body') ? data.get('body') : undefined,
    });
    const text = await response.text();
    let body = text;
    try { body = JSON.stringify(JSON.parse(text), null, 2); } catch {}
    answer.textContent = response.status + ' ' + response.statusText + '\\nRequest-Id: ' + (response.headers.get('request-id') || '') + '\\n\\n' + body;
  } catch (error) {
    answer.textContent = 'The request did not complete: ' + error.message;
  }
});
`;
