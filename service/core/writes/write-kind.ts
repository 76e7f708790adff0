/**
 * What a write an AI app may ask for is: the stores it acts on, and a kind (what the person reads and
 * what confirming does). The kinds themselves are write-kinds.ts's and directory-write-kinds.ts's.
 */
import type { Inventory } from '../inventory/inventory.js';
import type { ViewingStore } from '../listings/viewing-store.js';
import type { Actor } from '../events/record-change.js';
import type { Scope } from '../grants/scopes.js';
import type { WidgetKeyAdmin } from '../keys/widget-key-admin.js';
import type { WebhookService } from '../webhooks/webhook-service.js';
import type { Directory } from '../directory/directory.js';
import type { components } from '../../../contract/generated/platform.js';

export type Project = components['schemas']['Project'];
/** A developer's project by id, in the environment's directory (core/directory). */
export type ProjectLookup = (organizationId: string, projectId: unknown) => Promise<Project | undefined>;

/** What the writes act on: a developer's inventory, an agency's viewings, the widget keys and webhooks. */
export interface WriteStores {
  inventory: Inventory;
  viewings: ViewingStore;
  widgetKeys: WidgetKeyAdmin;
  webhooks: WebhookService;
  projectOf: ProjectLookup;
  /** An organization's own records: the agents an agency adds, the projects a developer adds. */
  directory: Pick<Directory, 'agents' | 'projects'>;
}

export interface WriteKind {
  /** The kind of workspace the write belongs to: any organization's, or only a developer's or an agency's. */
  workspace: 'developer' | 'agency' | 'any';
  /** What the person's role must allow, when the app asks and again when they confirm. */
  scope: Scope;
  /** The page's heading, what the app asks (after "…, an AI app you connected, asks"), and its two buttons. */
  title: string;
  asks: string;
  /** What a person whose role does not allow it cannot do: "create widget keys". */
  refused: string;
  confirm: string;
  decline: string;
  /** What the person reads before confirming: label and value (the project, for a write about one). */
  facts(input: Record<string, string | number>, project: Project | undefined): [string, string][];
  /** Does the write as the person; the result the app learns, or why it could not be done. */
  perform(
    stores: WriteStores,
    actor: Actor,
    input: Record<string, string | number>,
  ): Promise<{ result: Record<string, unknown> } | { failed: string }>;
  /** The console page the person is taken to once it is done (the key made), instead of the action's own. */
  doneAt?(result: Record<string, unknown>): string;
}

/** A store's field errors as the person reads them on the page: "name must hold more than spaces". */
export const fieldProblems = (errors: { parameter: string; detail: string }[]) =>
  errors.map((e) => `${e.parameter.replace('body.', '')} ${e.detail}`).join('; ');
