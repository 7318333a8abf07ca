// The withdrawals module's public surface: other modules import from here, never its files.
// Nothing yet: only app.ts mounts its routes (routes.ts).
export {};
