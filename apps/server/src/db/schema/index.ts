export * from './auth';
export * from './games';
export * from './media';
export * from './platform';
export * from './players';
export * from './routes';
export * from './tenants';
export * from './users';
