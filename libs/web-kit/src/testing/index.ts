// Test helpers for the web apps: `@lipcast/web-kit/testing`.
export * from './fake-fetch';
export * from './fake-upload';
export * from './account-user';
export * from './render-with-queries';
export * from './customer-copy';
