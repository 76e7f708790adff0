/** What a client that has not signed in uses of the MCP endpoint: its toolsets, and the tools they hold, in order. */
export const PUBLIC_TOOLSETS = 'valuations, market, finance, service';
export const PUBLIC_TOOL_NAMES = [
  'search_properties',
  'get_valuation',
  'area_transactions',
  'price_trend',
  'mortgage_affordability',
  'service_offerings',
  'property_news',
];
