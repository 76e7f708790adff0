/**
 * Who hears of an integration review of a real account's organization, in the transaction that moves
 * it: the service's staff when one is asked for, the organization's owners when it is decided, with
 * the note. The sandbox's own organizations play their reviewer on their page and mail no one.
 */
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { ReviewNotice } from '../organizations/readiness.js';

const SIGN_OFF = '\n\n— Service Valuations';

export function reviewMail(mail: MailOutbox, consolePage: (path: string) => string): ReviewNotice {
  return async (tx, organizationId, to, note) => {
    const [organization] = await tx.query<{ name: string; kind: string; people: string }>(
      'select name, kind, people from organizations where id = $1',
      [organizationId],
    );
    if (organization?.people !== 'accounts') return;
    const said = note?.trim() ? `\n\nThe note: ${note.trim()}` : '';
    if (to === 'in_review') {
      const staff = await tx.query<{ email: string }>(
        `select email from users where staff and kind = 'account' order by email`,
      );
      for (const { email } of staff)
        await mail.enqueue(tx, {
          to: email,
          subject: `An integration review is waiting: ${organization.name}`,
          text: `${organization.name} (${organization.kind.replace('_', ' ')}) asked for live access.${said}\n\nWhat it did in the sandbox, and the decision: ${consolePage('reviews')}${SIGN_OFF}`,
        });
      return;
    }
    if (to !== 'approved' && to !== 'changes_requested') return;
    const owners = await tx.query<{ email: string; name: string }>(
      `select u.email, u.name from memberships m join users u on u.id = m.user_id
        where m.organization_id = $1 and m.role = 'owner' and u.kind = 'account' order by u.email`,
      [organizationId],
    );
    const decided =
      to === 'approved'
        ? `${organization.name}'s integration review is approved: switch the console to live, make live keys and register your webhooks again.`
        : `The service's staff asked for changes before ${organization.name} goes live.`;
    for (const owner of owners)
      await mail.enqueue(tx, {
        to: owner.email,
        subject: to === 'approved' ? 'Your integration review is approved' : 'Your integration review needs changes',
        text: `Hello ${owner.name},\n\n${decided}${said}\n\nGo live: ${consolePage('go-live')}${SIGN_OFF}`,
      });
  };
}
