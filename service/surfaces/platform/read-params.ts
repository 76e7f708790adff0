/** An operation's query and path parameters, read as the contract types them, or the problems with them. */
import type { Route } from '../../web/platform-contract.js';
import { describeSchemaErrors } from '../../web/schema-errors.js';
import { NUL_DETAIL } from '../../web/nul-text.js';

/** Query and path parameters as the contract types them, or the problems with them. */
export function readParams(route: Route, url: URL, pathParams: Record<string, string>) {
  const params: Record<string, string | number | undefined> = {};
  const errors: { parameter: string; detail: string }[] = [];
  const known = new Set(route.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of new Set(url.searchParams.keys())) {
    if (!known.has(name))
      errors.push({
        parameter: name,
        detail: `unknown parameter; this operation takes ${[...known].join(', ') || 'none'}`,
      });
    else if (url.searchParams.getAll(name).length > 1) errors.push({ parameter: name, detail: 'given more than once' });
  }
  for (const parameter of route.parameters) {
    const text =
      parameter.in === 'path' ? pathParams[parameter.name] : (url.searchParams.get(parameter.name) ?? undefined);
    if (text === undefined) {
      if (parameter.required) errors.push({ parameter: parameter.name, detail: 'required' });
      continue;
    }
    const number = parameter.numeric === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
    const value = parameter.numeric && number.test(text) ? Number(text) : text;
    if (text.includes('\u0000')) errors.push({ parameter: parameter.name, detail: NUL_DETAIL });
    else if (!parameter.validate(value))
      errors.push({
        parameter: parameter.name,
        detail: describeSchemaErrors(parameter.validate.errors),
      });
    else params[parameter.name] = value;
  }
  return { params, errors };
}
