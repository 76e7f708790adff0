/**
 * A widget key's last estimate of the day: recorded as a change of the key's organization (an audit
 * entry and a `widget_key.quota_reached` event, so a site owner's webhook hears of it before their
 * visitors see the quota message). The service records it, not a person.
 */
import type { Database } from '../../db/database.js';
import { recordChange, serviceActor } from '../events/record-change.js';

export const recordQuotaReached = (db: Database) => (keyId: string, day: string, limit: number) =>
  db.transaction(async (tx) => {
    const [key] = await tx.query<{ organization_id: string }>('select organization_id from widget_keys where id = $1', [
      keyId,
    ]);
    if (key)
      await recordChange(tx, serviceActor(key.organization_id), 'widget_key.quota_reached', keyId, { day, limit });
  });
