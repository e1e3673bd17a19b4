// `@lipcast/nest-kit/requests`: the request classes the gateway and the services both validate with
// (class-validator, and Swagger for the gateway's OpenAPI documents). Node only, and apart from the
// package's index so that only the processes that take these requests load Swagger.
export * from './request-dto';
export * from './generation';
export * from './influencers';
export * from './videos';
export * from './webhooks';
export * from './api-keys';
export * from './admin';
export * from './content';
export * from './billing';
export * from './revisions';
export * from './projects';
