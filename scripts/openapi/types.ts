import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/** Where the generated client types of the API are committed (the client test checks them). */
export const CLIENT_TYPES_PATH = 'apps/server/test/generated/api.d.ts';

/**
 * The TypeScript types openapi-typescript generates from the OpenAPI document: `paths` for
 * openapi-fetch, `components` (ErrorBody among them). Deterministic, so a committed copy can be
 * compared with a fresh one.
 */
export async function clientTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
