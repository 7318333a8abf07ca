// The media module's public surface: other modules import from here, never its files.
export { insertMedia } from './repository';
