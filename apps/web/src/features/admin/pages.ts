/** Entry point of the lazily loaded admin chunk. */
export * from './components/admin-catalogue-pages';
export * from './components/admin-queue-pages';
export * from './components/admin-user-pages';
