/**
 * An action per write and a search per read of the contract (generated/operations.json): the
 * inputs become the path, the query and the JSON body (`contact__email` back into `contact.email`),
 * and every write carries an Idempotency-Key of its own.
 */
import { randomUUID } from 'node:crypto';
import { baseUrlOf } from './http.js';

function requestOf(operation, inputData) {
  let path = operation.path;
  const params = {};
  const body = {};
  for (const field of operation.inputFields) {
    const value = inputData[field.key];
    if (value === undefined || value === null || value === '') continue;
    if (field.in === 'path') path = path.replace(`{${field.key}}`, encodeURIComponent(String(value)));
    else if (field.in === 'query') params[field.key] = String(value);
    else {
      const [outer, inner] = field.key.split('__');
      const parsed = field.json && typeof value === 'string' ? JSON.parse(value) : value;
      if (inner) body[outer] = { ...body[outer], [inner]: parsed };
      else body[outer] = parsed;
    }
  }
  return { path, params, body };
}

function fieldsForZapier(operation) {
  return operation.inputFields.map(({ in: _where, json: _json, choices, ...field }) => ({
    ...field,
    ...(choices ? { choices } : {}),
  }));
}

function definitionOf(operation, kind) {
  const perform = async (z, bundle) => {
    const { path, params, body } = requestOf(operation, bundle.inputData);
    const write = operation.method !== 'GET';
    const response = await z.request({
      url: `${baseUrlOf(bundle.authData)}${path}`,
      method: operation.method,
      params,
      headers: write ? { 'Idempotency-Key': randomUUID() } : {},
      ...(write && Object.keys(body).length ? { body } : {}),
      // A search that finds nothing answers an empty list, not an error.
      ...(kind === 'search' ? { skipThrowForStatus: true } : {}),
    });
    if (kind === 'create') return response.data;
    if (response.status === 404) return [];
    if (response.status >= 400) response.throwForStatus();
    const data = response.data;
    return Array.isArray(data?.data) ? data.data : [data];
  };
  return {
    key: operation.key,
    noun: operation.noun,
    display: { label: operation.label.slice(0, 64), description: operation.description },
    operation: {
      perform,
      inputFields: fieldsForZapier(operation),
      ...(operation.sample ? { sample: operation.sample } : {}),
    },
  };
}

export const createsOf = (operations) =>
  Object.fromEntries(operations.creates.map((op) => [op.key, definitionOf(op, 'create')]));
export const searchesOf = (operations) =>
  Object.fromEntries(operations.searches.map((op) => [op.key, definitionOf(op, 'search')]));
