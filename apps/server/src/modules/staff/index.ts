// The staff module (issue 15): only app.ts mounts its routes; nothing else imports it.
