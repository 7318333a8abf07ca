import fp from 'fastify-plugin';

/**
 * Where the process is in its life, for readiness: once draining (SIGTERM, shutdown.ts) the
 * load balancer is told to send no new work here, while running requests finish.
 */
export class Lifecycle {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  startDraining(): void {
    this.#draining = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export default fp(
  async (app) => {
    const lifecycle = new Lifecycle();
    app.decorate('lifecycle', lifecycle);
    // While draining, every answer tells the client (a balancer's kept-alive connection) to
    // open a new connection for its next request, which the balancer sends to another server,
    // rather than reuse this one just as it is closed (a POST on a reset connection is not
    // retried by nginx).
    app.addHook('onRequest', (_request, reply, done) => {
      if (lifecycle.draining) reply.raw.setHeader('connection', 'close');
      done();
    });
  },
  { name: 'lifecycle' },
);
