export * from './services';
export * from './auth';
export * from './subjects';
export * from './errors';
export * from './health';
export * from './content';
export * from './billing';
export * from './routes';
