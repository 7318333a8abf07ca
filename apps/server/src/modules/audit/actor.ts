import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../plugins/app/auth';

/** The admin behind an action, as the audit log records them. */
export type Actor = { userId: number; ip: string };

export function actorOf(request: FastifyRequest): Actor {
  return { userId: callerOf(request).user.id, ip: request.ip };
}
