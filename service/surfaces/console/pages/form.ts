/** The console's form parts: the CSRF field, labelled fields with their hints and errors. */
import { randomUUID } from 'node:crypto';
import type { Session } from '../../../core/organizations/sessions.js';
import { type Html, html } from '../../../web/html.js';

export interface FormState {
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
}
export const emptyForm: FormState = { values: {}, errors: {} };

/** The session's CSRF token and, once signed in, the environment the page shows (a form for the other one is refused). */
export const csrfField = (session: Session) =>
  html`<input type="hidden" name="csrf" value="${session.csrfToken}">${session.user && html`<input type="hidden" name="environment" value="${session.environment}">`}`;
/**
 * For a form whose answer is a redirect: a key that makes sending it twice (a double click, a
 * resubmitted page) one change. Never on a form whose answer holds a secret: answers are kept.
 */
export const onceField = () => html`<input type="hidden" name="idempotency" value="${randomUUID()}">`;
const value = (form: FormState, name: string) => [form.values[name] ?? ''].flat().join('\n');
export const describedBy = (form: FormState, name: string, hint?: boolean) =>
  [form.errors[name] ? `${name}-error` : '', hint ? `${name}-hint` : ''].filter(Boolean).join(' ');
export const fieldError = (form: FormState, name: string) =>
  form.errors[name] && html`<p class="error" id="${name}-error">${form.errors[name]}</p>`;
export const invalid = (form: FormState, name: string) => form.errors[name] && html` aria-invalid="true"`;
export const date = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';
export const codes = (items: string[]) => items.map((item) => html`<code>${item}</code>`);

export function originsField(form: FormState, label: string): Html {
  return html`<div class="field"><label for="origins">${label}</label>
<p class="hint" id="origins-hint">One per line, exactly as the browser sends it: scheme, host and port, such as https://www.example.com. No paths, wildcards or trailing dots.</p>
${fieldError(form, 'origins')}<textarea id="origins" name="origins" aria-describedby="${describedBy(form, 'origins', true)}"${invalid(form, 'origins')}>${value(form, 'origins')}</textarea></div>`;
}

export interface FieldOptions {
  type?: 'text' | 'email' | 'password';
  /** The browser's and password managers' hint: `email`, `current-password`, `new-password`, `name`, … */
  autocomplete?: string;
  hint?: string;
}

/** A labelled input with its hint and error; a password field never shows what was typed. */
export function textField(form: FormState, name: string, label: string, options: FieldOptions = {}): Html {
  const { type = 'text', autocomplete, hint } = options;
  return html`<div class="field"><label for="${name}">${label}</label>${hint && html`<p class="hint" id="${name}-hint">${hint}</p>`}${fieldError(form, name)}
<input id="${name}" name="${name}"${type !== 'text' && html` type="${type}"`}${type !== 'password' && html` value="${value(form, name)}"`}${autocomplete && html` autocomplete="${autocomplete}"`} aria-describedby="${describedBy(form, name, Boolean(hint))}"${invalid(form, name)}></div>`;
}

/** A group of radio buttons (one choice) or checkboxes (several), with its legend, hint and error. */
export function choiceField(
  form: FormState,
  name: string,
  legend: string,
  choices: readonly (readonly [value: string, label: string])[],
  options: { multiple?: boolean; hint?: string } = {},
): Html {
  const chosen = new Set([form.values[name] ?? []].flat());
  const type = options.multiple ? 'checkbox' : 'radio';
  return html`<fieldset aria-describedby="${describedBy(form, name, Boolean(options.hint))}"${invalid(form, name)}><legend>${legend}</legend>${options.hint && html`<p class="hint" id="${name}-hint">${options.hint}</p>`}${fieldError(form, name)}${choices.map(
    ([value, label]) =>
      html`<p><input type="${type}" name="${name}" id="${name}-${value}" value="${value}"${chosen.has(value) && html` checked`}><label class="inline" for="${name}-${value}">${label}</label></p>`,
  )}</fieldset>`;
}
