/** The writes an AI app may ask for in an organization's own records: a developer's project, an agency's agent. */
import { fieldProblems, type Project, type WriteKind } from './write-kind.js';

export const DIRECTORY_WRITE_KINDS = {
  create_project: {
    workspace: 'developer',
    scope: 'developers.write',
    title: 'Confirm a new project',
    asks: 'to add this project, planned',
    refused: 'add projects',
    confirm: 'Add the project',
    decline: 'Do not add it',
    facts: (input) => [
      ['Project', String(input.name)],
      ['District', String(input.district)],
      ['Tenure', String(input.tenure)],
      ...(input.address ? ([['Address', String(input.address)]] as [string, string][]) : []),
    ],
    async perform(stores, actor, input) {
      const made = await stores.directory.projects.create(actor.organizationId, {
        name: String(input.name),
        district: Number(input.district),
        tenure: input.tenure as Project['tenure'],
        ...(input.address ? { address: String(input.address) } : {}),
      });
      return 'project' in made
        ? { result: made.project as unknown as Record<string, unknown> }
        : { failed: fieldProblems(made.errors) };
    },
  },
  add_agent: {
    workspace: 'agency',
    scope: 'agents.write',
    title: 'Confirm a new agent',
    asks: 'to add this agent to the agency',
    refused: 'add agents',
    confirm: 'Add the agent',
    decline: 'Do not add them',
    facts: (input) => [
      ['Agent', String(input.name)],
      ['CEA registration', String(input.ceaNumber)],
      ...(input.email ? ([['E-mail', String(input.email)]] as [string, string][]) : []),
    ],
    async perform(stores, actor, input) {
      const made = await stores.directory.agents.create(actor.organizationId, {
        name: String(input.name),
        ceaNumber: String(input.ceaNumber),
        role: 'agent',
        ...(input.email ? { email: String(input.email) } : {}),
      });
      return 'agent' in made
        ? { result: made.agent as unknown as Record<string, unknown> }
        : { failed: fieldProblems(made.errors) };
    },
  },
} satisfies Record<'create_project' | 'add_agent', WriteKind>;
