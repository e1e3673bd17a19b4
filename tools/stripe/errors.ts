/** Stripe's error responses: `{error: {type, code, message, param, decline_code}}` with the matching HTTP status. */

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorFields {
  status: number;
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  /** Card errors on a PaymentIntent carry its state after the failure, like Stripe's. */
  payment_intent?: unknown;
}

export class StripeApiError extends Error {
  readonly fields: StripeErrorFields;

  constructor(fields: StripeErrorFields) {
    super(fields.message);
    this.fields = fields;
  }

  get status(): number {
    return this.fields.status;
  }

  toJSON(): { error: Omit<StripeErrorFields, 'status'> } {
    const { status: _status, ...error } = this.fields;
    return { error };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError({ status: 400, type: 'invalid_request_error', message, param, code });

export const missingParam = (param: string) =>
  new StripeApiError({ status: 400, type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` });

/** `noun` is Stripe's object name as it appears in the message: "No such customer: 'cus_123'". */
export const noSuch = (noun: string, id: string, param = 'id') =>
  new StripeApiError({ status: 404, type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${noun}: '${id}'` });

export const unauthorized = (message: string) => new StripeApiError({ status: 401, type: 'invalid_request_error', message });
