export * from './constants';
export * from './errors';
export * from './health';
export * from './session';
export * from './tenants';
export * from './routes';
export * from './play';
export * from './gameplay';
