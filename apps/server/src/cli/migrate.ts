// `npm run migrate`: apply the committed migrations to PostgreSQL as the role that owns the
// schema (DATABASE_OWNER_URL; DATABASE_URL when there is one role), under the same advisory
// lock the servers take at start, then exit. Run it before starting (or restarting into) a
// release when the servers connect as the app role, which may not change the schema
// (docs/operations.md, "Database roles"). Running it twice is harmless.
import { readEnv } from '../config/env';
import { migratePostgres } from '../db/migrate';
import { CliError, runCli } from './run';

await runCli(async () => {
  const env = readEnv();
  const url = env.databaseOwnerUrl ?? env.databaseUrl;
  if (!url) {
    throw new CliError(
      'npm run migrate is for PostgreSQL: set DATABASE_OWNER_URL to the owner role (or DATABASE_URL when one role ' +
        'owns the schema and serves the app). The embedded store (PGlite) migrates when the server starts.',
    );
  }
  const role = decodeURIComponent(new URL(url).username) || '(the default role)';
  const applied = await migratePostgres(url, env.databaseTimeouts.connectMs);
  process.stdout.write(
    applied === 0
      ? `Migrations: the database is up to date (as ${role}).\n`
      : `Migrations: applied ${applied} (as ${role}); the database is up to date.\n`,
  );
});
