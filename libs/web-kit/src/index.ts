// The raw `apiRequest` stays inside web-kit: pages call `callApi` with a route from contracts' API_ROUTES.
// Also handed on from here: web-kit is shared, so a remote's first screen that takes the table from
// web-kit runs on the shell's copy instead of fetching one of its own (issue 38, item 2: the wizard's
// step 1). Bumped web-kit to 0.2.0 with it: a remote doing so needs a shell whose web-kit has it.
export { API_ROUTES } from '@lipcast/contracts';
export {
  API_TOKEN_FAILED_MESSAGE,
  ApiError,
  callApi,
  DEFAULT_REQUEST_TIMEOUT_MS,
  isPaymentRequired,
  NETWORK_ERROR_MESSAGE,
  RATE_LIMIT_MESSAGE,
  RequestTimeoutError,
  throwIfPaymentRequired,
  type ApiRequestOptions,
  type CallApiAnswer,
  type CallApiInput,
  type CallApiOptions,
  type PaymentRequired,
} from './api';
export { uploadWithProgress, type UploadProgress } from './upload';
export * from './session';
export * from './query';
export * from './account';
export * from './toast';
export * from './payment';
export * from './remote';
export * from './jobs';
export * from './job-wait';
export * from './spend';
export * from './admin';
export * from './selected-influencer';
export * from './busy';
export * from './draft';
export * from './wizard-handoff';
