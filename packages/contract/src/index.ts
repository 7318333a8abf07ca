export * from './constants';
export * from './enums';
export * from './errors';
export * from './envelope';
export * from './money';
export * from './auth';
export * from './marque';
export * from './routes';
