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
    app.decorate('lifecycle', new Lifecycle());
  },
  { name: 'lifecycle' },
);
