/**
 * Media of a listing or a project: photos, floor plans, videos, virtual tours and brochures, kept as
 * HTTPS addresses (the service never fetches them, so an address cannot make it reach anything), in
 * the order added, at most 50 per owner. Each addition and removal is an audit entry and an event.
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { recordChange, serviceActor } from '../events/record-change.js';
import { roomUnderCap } from '../../db/locks.js';

type Schemas = components['schemas'];
export type Media = Schemas['Media'];
export type MediaOwner = { kind: 'listing' | 'project'; id: string };
export const MAX_MEDIA = 50;

interface Row {
  id: string;
  kind: Media['kind'];
  url: string;
  caption: string | null;
  created_at: Date;
}
const toMedia = (row: Row): Media => ({
  object: 'media',
  id: row.id,
  kind: row.kind,
  url: row.url,
  caption: row.caption,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Why an address the contract's pattern let through is still not one to keep, or undefined. */
function problemInUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an address (https://…)';
  }
  if (url.protocol !== 'https:') return 'must be an https address';
  if (url.username || url.password) return 'must not carry a user name or password';
  return undefined;
}

export function createMediaStore(db: Database, now = () => new Date()) {
  const detailOf = (owner: MediaOwner, kind: string) => ({ ownerKind: owner.kind, ownerId: owner.id, kind });
  return {
    async list(organizationId: string, owner: MediaOwner) {
      const rows = await db.query<Row>(
        'select * from media where organization_id = $1 and owner_kind = $2 and owner_id = $3 order by id',
        [organizationId, owner.kind, owner.id],
      );
      return rows.map(toMedia);
    },
    async add(
      organizationId: string,
      owner: MediaOwner,
      input: Schemas['MediaCreate'],
    ): Promise<{ media: Media } | { errors: { parameter: string; detail: string }[] }> {
      const problem = problemInUrl(input.url);
      if (problem) return { errors: [{ parameter: 'body.url', detail: problem }] };
      return db.transaction(async (tx) => {
        const room = await roomUnderCap(tx, {
          kind: 'mediaOfOwner',
          key: owner.id,
          max: MAX_MEDIA,
          countSql:
            'select count(*)::int as n from media where organization_id = $1 and owner_kind = $2 and owner_id = $3',
          params: [organizationId, owner.kind, owner.id],
        });
        if (!room)
          return { errors: [{ parameter: 'body', detail: `a ${owner.kind} keeps at most ${MAX_MEDIA} media items` }] };
        const [row] = await tx.query<Row>(
          `insert into media (id, organization_id, owner_kind, owner_id, kind, url, caption, created_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
          [
            newTimeOrderedId('med'),
            organizationId,
            owner.kind,
            owner.id,
            input.kind,
            input.url,
            input.caption?.trim() ?? null,
            now(),
          ],
        );
        await recordChange(tx, serviceActor(organizationId), 'media.added', row!.id, detailOf(owner, row!.kind));
        return { media: toMedia(row!) };
      });
    },
    async remove(organizationId: string, owner: MediaOwner, id: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<Row>(
          'delete from media where organization_id = $1 and owner_kind = $2 and owner_id = $3 and id = $4 returning *',
          [organizationId, owner.kind, owner.id, id],
        );
        if (!row) return undefined;
        await recordChange(tx, serviceActor(organizationId), 'media.removed', id, detailOf(owner, row.kind));
        return { object: 'media' as const, id, deleted: true as const };
      });
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
