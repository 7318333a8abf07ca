import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; no database connection is involved.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
