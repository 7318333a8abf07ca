/**
 * Catalogue files as `import.meta.glob` gives them (by path) in one table keyed
 * `<namespace>.<key>`, the ids lib/i18n.ts asks Lingui for.
 */
export function keyedMessages(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  for (const [path, catalogue] of Object.entries(files)) {
    const namespace = /\/(\w[\w-]*)\.json$/.exec(path)![1]!;
    for (const [key, message] of Object.entries(catalogue)) messages[`${namespace}.${key}`] = message;
  }
  return messages;
}
