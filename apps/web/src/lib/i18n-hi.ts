/**
 * Every Hindi catalogue the web shows, in one chunk that loads only when Hindi is chosen
 * (lib/i18n.ts): keys are `<namespace>.<key>`. The server's own namespaces (its answers,
 * notifications and mail) are written by the server and are left out.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contract/src/i18n/hi/*.json', '!**/{api,mail,notices}.json'],
  { eager: true, import: 'default' },
);

export const messages: Record<string, unknown> = {};
for (const [path, catalogue] of Object.entries(files)) {
  const namespace = /\/(\w[\w-]*)\.json$/.exec(path)![1]!;
  for (const [key, message] of Object.entries(catalogue)) messages[`${namespace}.${key}`] = message;
}
