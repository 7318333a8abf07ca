// Bundles the server into dist/main.js, and the operator commands (backup, restore,
// rotate-key, migrate, storage, copy-uploads-to-bucket) into dist/<name>.js for installs without dev dependencies (no tsx). npm packages stay external (installed next to it);
// the @iddesk/contract workspace ships raw TypeScript, so it is bundled in.
// `--outdir DIR` builds elsewhere (the benchmark), leaving a running dist/ alone; DIR must sit
// inside the repository so the external packages still resolve.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = args.outdir ? resolve(args.outdir) : join(root, 'dist');
const contractEntry = join(root, '../../packages/contract/src/index.ts');

/** Resolve the workspace package to its source before `packages: 'external'` can claim it. */
const bundleContract = {
  name: 'bundle-contract',
  setup(b) {
    b.onResolve({ filter: /^@iddesk\/contract$/ }, () => ({ path: contractEntry }));
  },
};

rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: {
    main: join(root, 'src/main.ts'),
    // The image thread (src/lib/images.ts starts it from beside main.js).
    'image-worker': join(root, 'src/lib/image-worker.ts'),
    backup: join(root, 'src/cli/backup.ts'),
    restore: join(root, 'src/cli/restore.ts'),
    'rotate-key': join(root, 'src/cli/rotate-key.ts'),
    migrate: join(root, 'src/cli/migrate.ts'),
    storage: join(root, 'src/cli/storage.ts'),
    'copy-uploads-to-bucket': join(root, 'src/cli/copy-uploads-to-bucket.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  plugins: [bundleContract],
  sourcemap: 'linked',
  logLevel: 'warning',
});

// db/migrate.ts looks for ./migrations next to the running module.
cpSync(join(root, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
console.log(`server built: ${join(outdir, 'main.js')}`);
