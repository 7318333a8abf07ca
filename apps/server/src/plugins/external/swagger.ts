import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ERROR_BODY_COMPONENT, errorBodyComponent, operationTransform } from './openapi-operations';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document is generated from the same zod schemas that validate the routes, so
 * it cannot drift from what the server accepts. Must be registered before any route.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'ID Desk API',
          version: '0.1.0',
          description:
            'Every response is `{ message, data }`; errors add `code` and, for 422, `errors`.',
        },
        // Relative: the document describes the server that serves it, whatever its address.
        servers: [{ url: '/', description: 'The server this document was read from' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'The token from login or register.' },
          },
          schemas: { [ERROR_BODY_COMPONENT]: errorBodyComponent() },
        },
      },
      // Guards are read when the document is generated, after every plugin has decorated the app.
      transform: operationTransform(() => app),
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The validator badge would load an image from swagger.io, which our CSP forbids.
      uiConfig: { validatorUrl: null },
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'swagger' },
);
