/**
 * A widget key's last estimate of the day: recorded as a change of the key's organization (an audit
 * entry and a `widget_key.quota_reached` event, so a site owner's webhook hears of it before their
 * visitors see the quota message). The service records it, not a person, and once a day: a count
 * given back after the last estimate (one not answered) lets another reach the limit again.
 */
import type { Database } from '../../db/database.js';
import { lockFor } from '../../db/locks.js';
import { recordChange, serviceActor } from '../events/record-change.js';

export const recordQuotaReached = (db: Database) => (keyId: string, day: string, limit: number) =>
  db.transaction(async (tx) => {
    const [key] = await tx.query<{ organization_id: string }>('select organization_id from widget_keys where id = $1', [
      keyId,
    ]);
    if (!key) return;
    await lockFor(tx, 'quotaEventOfKey', keyId);
    const recorded = await tx.query(
      `select 1 from audit_log where action = 'widget_key.quota_reached' and target = $1 and detail->>'day' = $2`,
      [keyId, day],
    );
    if (recorded.length === 0)
      await recordChange(tx, serviceActor(key.organization_id), 'widget_key.quota_reached', keyId, { day, limit });
  });
