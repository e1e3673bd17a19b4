export * from './api';
export * from './session';
export * from './query';
export * from './account';
export * from './toast';
export * from './payment';
export * from './remote';
export * from './jobs';
