/**
 * `npm run staff -- grant|revoke EMAIL`: makes an account one of the service's staff (who decide
 * integration reviews, never their own organization's), or no longer. An operator's command: the
 * console has no form for it, so nobody makes themselves staff.
 */
import { commandDatabaseName, openCommandDatabase } from './db/command-database.js';

const [verb, email] = process.argv.slice(2);
if ((verb !== 'grant' && verb !== 'revoke') || !email) {
  console.error('Usage: npm run staff -- grant|revoke EMAIL');
  process.exit(2);
}
const db = await openCommandDatabase('npm run staff');
try {
  const changed = await db.query<{ name: string }>(
    `update users set staff = $2 where kind = 'account' and lower(email) = lower($1) returning name`,
    [email.trim(), verb === 'grant'],
  );
  if (!changed.length) {
    console.error(
      `No account uses ${email} in ${commandDatabaseName()}: the person signs up first. If the service runs on ` +
        'another database, name it: DATABASE_URL=postgres://… (or SANDBOX_DATA_DIR=folder) npm run staff -- grant EMAIL.',
    );
    process.exitCode = 1;
  } else
    console.log(
      `${changed[0].name} (${email}) is ${verb === 'grant' ? 'now' : 'no longer'} one of the service's staff.`,
    );
} finally {
  await db.close();
}
