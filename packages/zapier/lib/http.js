/**
 * What every request of the integration shares: the deployment's base URL (live unless the key is a
 * sandbox key or the connection names another), the bearer key, and the API's problem text as the
 * error a Zap's owner reads.
 */
export const LIVE_BASE_URL = 'https://api.service.example/v1';
export const SANDBOX_BASE_URL = 'http://127.0.0.1:8790/v1';

/** The base URL a connection uses: its own if given, else the environment its key belongs to. */
export function baseUrlOf(authData) {
  const given = (authData.baseUrl ?? '').trim().replace(/\/+$/, '');
  if (given) return given;
  return String(authData.apiKey ?? '').startsWith('svcp_test_') ? SANDBOX_BASE_URL : LIVE_BASE_URL;
}

export function withBearer(request, z, bundle) {
  request.headers = { Accept: 'application/json', ...request.headers };
  if (bundle.authData?.apiKey) request.headers.Authorization = `Bearer ${bundle.authData.apiKey}`;
  return request;
}

/** A refusal from the API becomes an error naming its code and sentence (RFC 9457 `detail`), not a status number. */
export function problemsAsErrors(response, z) {
  if (response.status < 400 || response.status === 429 || response.skipThrowForStatus) return response;
  let problem = {};
  try {
    problem = JSON.parse(response.content);
  } catch {
    // Not a problem document: the status alone.
  }
  const message = problem.detail
    ? `${problem.detail} (${problem.code}, request ${problem.requestId})`
    : `HTTP ${response.status}`;
  if (response.status === 401) throw new z.errors.ExpiredAuthError(message);
  throw new z.errors.Error(message, problem.code ?? 'http_error', response.status);
}
