/**
 * Viewings of an agency's listings. A slot is taken under a lock per listing (a transaction-scoped
 * advisory lock), then checked for overlap with the viewings that hold one, so two requests racing
 * for one slot, on any number of processes, make one viewing. Every move is an audit entry and an
 * outbox event (`viewing.requested`, `viewing.confirmed`, …).
 */
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { type Actor, recordChange, serviceActor, type Tx } from '../events/record-change.js';
import { moveAlong } from '../events/move-along.js';
import { newTimeOrderedId } from '../../db/ids.js';
import {
  HOLDS_SLOT,
  type Refusal,
  type StandardStatus,
  VIEWABLE,
  VIEWING_TRANSITIONS,
  type ViewingStatus,
} from './transitions.js';
import { lockFor } from '../../db/locks.js';

export type Viewing = components['schemas']['Viewing'];
/** What a viewing request needs; `durationMinutes` has a default (the contract's). */
type ViewingCreate = Omit<components['schemas']['ViewingCreate'], 'durationMinutes'> &
  Partial<Pick<components['schemas']['ViewingCreate'], 'durationMinutes'>>;
type FieldErrors = { errors: { parameter: string; detail: string }[] };
type Booked = { viewing: Viewing } | FieldErrors | { slotTaken: string } | { unavailable: StandardStatus };

const HOUR = 3_600_000;
/** How far ahead a slot may be, and how soon. */
export const SLOT_WINDOW = { earliestMs: HOUR, latestMs: 90 * 24 * HOUR };

interface ViewingRow {
  id: string;
  listing_id: string;
  status: ViewingStatus;
  starts_at: Date;
  ends_at: Date;
  attendee_name: string;
  rescheduled_from_id: string | null;
  rescheduled_to_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const toViewing = (row: ViewingRow): Viewing => ({
  object: 'viewing',
  id: row.id,
  listingId: row.listing_id,
  status: row.status,
  allowedTransitions: VIEWING_TRANSITIONS[row.status],
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: new Date(row.ends_at).toISOString(),
  attendee: { name: row.attendee_name },
  rescheduledFromId: row.rescheduled_from_id,
  rescheduledToId: row.rescheduled_to_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export function createViewingStore(db: Database, now = () => new Date()) {
  /** The slot's problem, in the words an integrator can act on, or undefined when it can be booked. */
  function problemInSlot(startsAt: string): string | undefined {
    const start = new Date(startsAt);
    if (Number.isNaN(start.getTime())) return 'must be a date and time (ISO 8601)';
    if (start.getUTCMinutes() % 15 || start.getUTCSeconds() || start.getUTCMilliseconds())
      return 'must be on a quarter hour (00, 15, 30 or 45 minutes)';
    const ahead = start.getTime() - now().getTime();
    if (ahead < SLOT_WINDOW.earliestMs) return 'must be at least 1 hour from now';
    if (ahead > SLOT_WINDOW.latestMs) return 'must be at most 90 days from now';
    return undefined;
  }

  /** Books a slot on a listing inside `tx`, which holds the listing's lock; `replacing` is a viewing giving up its slot. */
  async function book(
    tx: Tx,
    organizationId: string,
    input: { listingId: string; startsAt: string; durationMinutes: number; attendee: string },
    replacing?: string,
    actor?: Actor,
  ): Promise<Booked> {
    await lockFor(tx, 'viewingsOfListing', input.listingId);
    const [listing] = await tx.query<{ standard_status: StandardStatus }>(
      'select standard_status from listings where organization_id = $1 and id = $2',
      [organizationId, input.listingId],
    );
    if (!listing)
      return {
        errors: [{ parameter: 'body.listingId', detail: 'no listing of this organization has this id' }],
      };
    if (!VIEWABLE.includes(listing.standard_status)) return { unavailable: listing.standard_status };
    const start = new Date(input.startsAt);
    const end = new Date(start.getTime() + input.durationMinutes * 60_000);
    const [clash] = await tx.query<{ id: string }>(
      `select id from viewings where listing_id = $1 and status = any($2) and starts_at < $4 and ends_at > $3
         and id <> coalesce($5, '') limit 1`,
      [input.listingId, HOLDS_SLOT, start, end, replacing ?? null],
    );
    if (clash) return { slotTaken: clash.id };
    const at = now();
    const [row] = await tx.query<ViewingRow>(
      `insert into viewings (id, organization_id, listing_id, status, starts_at, ends_at, attendee_name,
         rescheduled_from_id, created_at, updated_at)
       values ($1, $2, $3, 'requested', $4, $5, $6, $7, $8, $8) returning *`,
      [newTimeOrderedId('vw'), organizationId, input.listingId, start, end, input.attendee, replacing ?? null, at],
    );
    await recordChange(tx, actor ?? serviceActor(organizationId), 'viewing.requested', row.id, {
      listingId: row.listing_id,
      startsAt: start.toISOString(),
    });
    return { viewing: toViewing(row) };
  }

  const read = async (q: Tx, organizationId: string, id: string, forUpdate = false) =>
    (
      await q.query<ViewingRow>(
        `select * from viewings where organization_id = $1 and id = $2${forUpdate ? ' for update' : ''}`,
        [organizationId, id],
      )
    )[0];

  return {
    problemInSlot,
    async list(organizationId: string, filter: { listingId?: string; status?: ViewingStatus } = {}) {
      const rows = await db.query<ViewingRow>(
        `select * from viewings where organization_id = $1 and ($2::text is null or listing_id = $2)
           and ($3::text is null or status = $3) order by id`,
        [organizationId, filter.listingId ?? null, filter.status ?? null],
      );
      return rows.map(toViewing);
    },
    async get(organizationId: string, id: string) {
      const row = await read(db, organizationId, id);
      return row && toViewing(row);
    },
    /** `actor`: the person who confirmed it (an AI app's request), for the audit log; the service otherwise. */
    async request(organizationId: string, input: ViewingCreate, actor?: Actor): Promise<Booked> {
      const problem = problemInSlot(input.startsAt);
      if (problem) return { errors: [{ parameter: 'body.startsAt', detail: problem }] };
      return db.transaction((tx) =>
        book(
          tx,
          organizationId,
          {
            listingId: input.listingId,
            startsAt: input.startsAt,
            durationMinutes: input.durationMinutes ?? 30,
            attendee: input.attendee.name.trim(),
          },
          undefined,
          actor,
        ),
      );
    },
    /** Moves a viewing along its state machine; undefined when it is not the organization's. */
    async move(
      organizationId: string,
      id: string,
      to: ViewingStatus,
    ): Promise<{ viewing: Viewing } | Refusal<ViewingStatus> | undefined> {
      const outcome = await moveAlong<ViewingStatus, ViewingRow>(db, {
        table: 'viewings',
        organizationId,
        id,
        to,
        transitions: VIEWING_TRANSITIONS,
        at: now(),
        // The listing's viewings lock before the row, in the order a withdrawal takes them.
        async lock(tx) {
          const seen = await read(tx, organizationId, id);
          if (seen) await lockFor(tx, 'viewingsOfListing', seen.listing_id);
        },
        event: (row) => ({
          action: `viewing.${to}` as const,
          detail: { listingId: row.listing_id, startsAt: new Date(row.starts_at).toISOString() },
        }),
      });
      return outcome && ('moved' in outcome ? { viewing: toViewing(outcome.moved) } : outcome);
    },
    /** Cancels a viewing and books its replacement, both or neither; the new viewing. */
    async reschedule(
      organizationId: string,
      id: string,
      slot: { startsAt: string; durationMinutes?: number },
    ): Promise<Booked | Refusal<ViewingStatus> | undefined> {
      const problem = problemInSlot(slot.startsAt);
      return db
        .transaction(async (tx) => {
          const row = await read(tx, organizationId, id, true);
          if (!row) return undefined;
          if (!HOLDS_SLOT.includes(row.status))
            return { refused: { from: row.status, allowed: VIEWING_TRANSITIONS[row.status] } };
          if (problem) return { errors: [{ parameter: 'body.startsAt', detail: problem }] };
          const duration = slot.durationMinutes ?? (row.ends_at.getTime() - row.starts_at.getTime()) / 60_000;
          const booked = await book(
            tx,
            organizationId,
            {
              listingId: row.listing_id,
              startsAt: slot.startsAt,
              durationMinutes: duration,
              attendee: row.attendee_name,
            },
            id,
          );
          if (!('viewing' in booked)) throw new NotBooked(booked);
          await tx.query(
            `update viewings set status = 'cancelled', rescheduled_to_id = $3, updated_at = $4
           where organization_id = $1 and id = $2`,
            [organizationId, id, booked.viewing.id, now()],
          );
          await recordChange(tx, serviceActor(organizationId), 'viewing.rescheduled', id, {
            listingId: row.listing_id,
            startsAt: new Date(row.starts_at).toISOString(),
            rescheduledToId: booked.viewing.id,
          });
          return booked;
        })
        .catch((error: unknown) => {
          // The new slot could not be had: the transaction rolled back, the old viewing stands.
          if (error instanceof NotBooked) return error.outcome;
          throw error;
        });
    },
  };
}

/** Rolls a reschedule back when its new slot cannot be booked (a request that was answered, not a failure). */
class NotBooked extends Error {
  constructor(readonly outcome: Exclude<Booked, { viewing: Viewing }>) {
    super('the new slot could not be booked');
  }
}

export type ViewingStore = ReturnType<typeof createViewingStore>;
