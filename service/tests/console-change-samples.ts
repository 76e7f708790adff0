/**
 * One form for every change the console lists with a scope (surfaces/console/changes.ts), for the role
 * walks (sandbox people and real accounts): a new entry without one fails them.
 */
export const CHANGE_SAMPLES: Record<string, { path: string; fields: Record<string, string> }> = {
  'create or change widget keys': {
    path: '/console/widget-keys',
    fields: { name: 'Role walk', origins: 'https://roles.example' },
  },
  'change webhook endpoints, send test events or replay deliveries': {
    path: '/console/webhooks',
    fields: { url: 'https://hooks.example.sg/roles', description: 'Role walk' },
  },
  'ask for live access': { path: '/console/go-live/request', fields: { note: 'Role walk' } },
  'decide the integration review': { path: '/console/go-live/decide', fields: { decision: 'approved' } },
  'hold, release or sell inventory batches': { path: '/console/inventory/batches/bat_0001/held', fields: {} },
  'publish price lists': { path: '/console/inventory/price-list/proj_0002', fields: { effectiveFrom: '2020-01-01' } },
  'change lead routing rules': {
    path: '/console/leads/rules',
    fields: { priority: '5', team: 'Role walk', email: 'role.walk@example.test' },
  },
  'show listings on partner sites or withdraw them': {
    path: '/console/distribution/lst_0001/ps_flatfinder/distribute',
    fields: {},
  },
  'add, change or archive agents and teams': {
    path: '/console/agents/teams',
    fields: { teamName: '' },
  },
  'add or change projects and their unit types': {
    path: '/console/projects',
    fields: { name: '', district: '0', tenure: 'freehold' },
  },
  'write the partner site’s profile': {
    path: '/console/site-profile',
    fields: { name: '', url: 'https://roles.example/' },
  },
  'invite, change or remove members': {
    path: '/console/members/invite',
    fields: { email: 'role.walk@example.test', role: 'agent' },
  },
};
