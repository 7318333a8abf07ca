/**
 * PostgreSQL `text` cannot hold U+0000, and `jsonb` (the audit log) refuses a lone UTF-16
 * surrogate (`"\udc00"`): either one reaching a statement fails it, which would be a 500. No
 * client of ours sends them, so a request carrying one is refused up front as a 422 naming
 * the field.
 */

type Node = { key: string; parent: Node | null };

/** A surrogate half without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The dotted path of the first string (or key) holding a NUL or a lone surrogate in a parsed
 * JSON value, `part`
 * for the value itself, or null. Iterative with parent links, so a body nested thousands of
 * levels deep neither overflows the stack nor copies paths.
 */
export function nulFieldOf(value: unknown, part = 'body'): string | null {
  const pathOf = (node: Node | null): string => {
    const keys: string[] = [];
    for (let n = node; n; n = n.parent) keys.unshift(n.key);
    return keys.length > 0 ? keys.join('.') : part;
  };
  const stack: Array<[unknown, Node | null]> = [[value, null]];
  while (stack.length > 0) {
    const [current, node] = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorable(current)) return pathOf(node);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childNode = { key, parent: node };
        if (unstorable(key)) return pathOf(childNode);
        stack.push([child, childNode]);
      }
    }
  }
  return null;
}
