// The raw `apiRequest` stays inside web-kit: pages call `callApi` with a route from contracts' API_ROUTES.
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
