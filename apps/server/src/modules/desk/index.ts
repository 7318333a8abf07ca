// The desk module's public surface: nothing yet; only app.ts mounts its routes (routes.ts).
export {};
