/** A connection is a platform key (svcp_test_… or svcp_live_…); its test reads the key's organization. */
import { baseUrlOf } from './http.js';

export const authentication = {
  type: 'custom',
  fields: [
    {
      key: 'apiKey',
      label: 'API key',
      type: 'password',
      required: true,
      helpText:
        'A platform key from the API Console: svcp_test_ for the sandbox, svcp_live_ once your organization is live.',
    },
    {
      key: 'baseUrl',
      label: 'Base URL',
      type: 'string',
      required: false,
      helpText:
        'Leave empty for the service itself. Set it only for another deployment, e.g. https://api.example.com/v1.',
    },
  ],
  test: async (z, bundle) => (await z.request({ url: `${baseUrlOf(bundle.authData)}/organizations/current` })).data,
  connectionLabel: '{{json.name}}',
};
