// The audit module's public surface: other modules import from here, never its files.
export { type Actor, actorOf } from './actor';
export { writeAudit } from './repository';
