// Types of server-node-flags.mjs for the TypeScript that imports it (tests, bench, scale-out).
export const SERVER_NODE_FLAGS: readonly string[];
