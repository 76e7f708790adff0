/**
 * Showflat bookings: half-hour slots of a developer's project, 10:00 to 17:30 Singapore time. A slot
 * holds one booking, enforced by a partial unique index, so racing requests on any number of
 * processes make one booking; the others are told the slot is taken. The moves are the contract's
 * (`x-transitions` of ShowflatBookingStatus); each booking and move is an audit entry and an event.
 */
import { TRANSITIONS } from '../state-machines/transitions.js';
import type { components } from '../../../contract/generated/platform.js';
import type { Database } from '../../db/database.js';
import { type Actor, recordChange, serviceActor } from '../events/record-change.js';
import { newTimeOrderedId } from '../../db/ids.js';
import { ownedRow } from '../../db/organization-rows.js';
import { moveAlong } from '../events/move-along.js';

type Schemas = components['schemas'];
export type ShowflatBooking = Schemas['ShowflatBooking'];
export type BookingStatus = Schemas['ShowflatBookingStatus'];
export const BOOKING_TRANSITIONS = TRANSITIONS.ShowflatBookingStatus;

const SLOT_MS = 30 * 60_000;
const HOUR = 3_600_000;
/** The showflat's day in UTC hours (Singapore is UTC+8, no daylight saving): 10:00 to 18:00 there. */
const OPENS_UTC = 2;
const CLOSES_UTC = 10;
/** Projects whose showflat takes visitors. */
const OPEN_STATUSES: Schemas['Project']['status'][] = ['preview', 'launched'];

interface Row {
  id: string;
  project_id: string;
  status: BookingStatus;
  starts_at: Date;
  visitor_name: string;
  created_at: Date;
  updated_at: Date;
}
const toBooking = (row: Row): ShowflatBooking => ({
  object: 'showflat_booking',
  id: row.id,
  projectId: row.project_id,
  status: row.status,
  allowedTransitions: BOOKING_TRANSITIONS[row.status],
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: new Date(new Date(row.starts_at).getTime() + SLOT_MS).toISOString(),
  visitor: { name: row.visitor_name },
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

type Booked =
  | { booking: ShowflatBooking }
  | { errors: { parameter: string; detail: string }[] }
  | { slotTaken: true }
  | { closed: Schemas['Project']['status'] };

export function createShowflatStore(db: Database, now = () => new Date()) {
  /** What is wrong with a slot's start, or undefined. */
  function problemInSlot(startsAt: Date): string | undefined {
    if (Number.isNaN(startsAt.getTime())) return 'must be a date and time (ISO 8601)';
    const minutes = startsAt.getUTCMinutes();
    if ((minutes !== 0 && minutes !== 30) || startsAt.getUTCSeconds() || startsAt.getUTCMilliseconds())
      return 'must be on the hour or half hour';
    const hour = startsAt.getUTCHours();
    if (hour < OPENS_UTC || hour >= CLOSES_UTC) return 'must be between 10:00 and 17:30 Singapore time';
    const ahead = startsAt.getTime() - now().getTime();
    if (ahead < HOUR) return 'must be at least 1 hour from now';
    if (ahead > 30 * 24 * HOUR) return 'must be at most 30 days from now';
    return undefined;
  }

  const read = (organizationId: string, id: string) => ownedRow<Row>(db, 'showflat_bookings', organizationId, id);

  return {
    async slots(projectId: string, date: string) {
      const day = new Date(`${date}T00:00:00Z`);
      const starts = Array.from(
        { length: (CLOSES_UTC - OPENS_UTC) * 2 },
        (_, i) => new Date(day.getTime() + OPENS_UTC * HOUR + i * SLOT_MS),
      );
      const taken = new Set(
        (
          await db.query<{ starts_at: Date }>(
            `select starts_at from showflat_bookings where project_id = $1 and status <> 'cancelled'
             and starts_at >= $2 and starts_at < $3`,
            [projectId, starts[0], new Date(day.getTime() + 24 * HOUR)],
          )
        ).map((r) => new Date(r.starts_at).getTime()),
      );
      return starts.map((at) => ({
        startsAt: at.toISOString(),
        available: !taken.has(at.getTime()) && problemInSlot(at) === undefined,
      }));
    },
    async list(organizationId: string, projectId?: string) {
      const rows = await db.query<Row>(
        `select * from showflat_bookings where organization_id = $1 and ($2::text is null or project_id = $2) order by id`,
        [organizationId, projectId ?? null],
      );
      return rows.map(toBooking);
    },
    async get(organizationId: string, id: string) {
      const row = await read(organizationId, id);
      return row && toBooking(row);
    },
    async book(
      organizationId: string,
      project: Schemas['Project'] | undefined,
      input: Schemas['ShowflatBookingCreate'],
      /** The person who confirmed it (an AI app's request), for the audit log; the service otherwise. */
      actor?: Actor,
    ): Promise<Booked> {
      if (!project)
        return { errors: [{ parameter: 'body.projectId', detail: 'no project of this developer has this id' }] };
      if (!OPEN_STATUSES.includes(project.status)) return { closed: project.status };
      const startsAt = new Date(input.startsAt);
      const problem = problemInSlot(startsAt);
      if (problem) return { errors: [{ parameter: 'body.startsAt', detail: problem }] };
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          const [row] = await tx.query<Row>(
            `insert into showflat_bookings (id, organization_id, project_id, status, starts_at, visitor_name, created_at, updated_at)
             values ($1, $2, $3, 'booked', $4, $5, $6, $6) returning *`,
            [newTimeOrderedId('sfb'), organizationId, project.id, startsAt, input.visitor.name.trim(), at],
          );
          await recordChange(tx, actor ?? serviceActor(organizationId), 'showflat.booked', row!.id, {
            projectId: project.id,
            startsAt: startsAt.toISOString(),
          });
          return { booking: toBooking(row!) };
        });
      } catch (error) {
        // The slot's one booking exists already (the unique index): an answer, not a failure.
        if ((error as { code?: string }).code === '23505') return { slotTaken: true };
        throw error;
      }
    },
    async move(organizationId: string, id: string, to: BookingStatus) {
      const outcome = await moveAlong<BookingStatus, Row>(db, {
        table: 'showflat_bookings',
        organizationId,
        id,
        to,
        transitions: BOOKING_TRANSITIONS,
        at: now(),
        event: (row) => ({
          action: `showflat.${to}` as const,
          detail: { projectId: row.project_id, startsAt: new Date(row.starts_at).toISOString() },
        }),
      });
      return outcome && ('moved' in outcome ? { booking: toBooking(outcome.moved) } : outcome);
    },
  };
}

export type ShowflatStore = ReturnType<typeof createShowflatStore>;
