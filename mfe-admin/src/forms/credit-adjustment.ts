import { ADMIN_CREDIT_DELTA_LIMIT, ADMIN_REASON_MAX_LENGTH, type AdminCreditAdjustmentBody } from '@lipcast/contracts';

/** What the operator typed into the credit adjustment form. */
export interface CreditAdjustmentInput {
  delta: string;
  reason: string;
  jobId: string;
}

export type CreditAdjustmentErrors = Partial<Record<keyof CreditAdjustmentInput, string>>;

export const CREDIT_MESSAGES = {
  deltaNotWhole: 'Enter a whole number of generations, e.g. 1 or -2',
  deltaZero: 'The adjustment cannot be 0',
  deltaTooLarge: `At most ${ADMIN_CREDIT_DELTA_LIMIT} generations at a time, either way`,
  reasonMissing: 'Say why (it goes into the ledger and the audit log)',
  reasonTooLong: `At most ${ADMIN_REASON_MAX_LENGTH} characters`,
  jobIdBlank: 'A job id has no spaces',
} as const;

/** The request body, or the message for each field that is wrong. */
export function validateCreditAdjustment(input: CreditAdjustmentInput): { body: AdminCreditAdjustmentBody } | { errors: CreditAdjustmentErrors } {
  const errors: CreditAdjustmentErrors = {};
  const deltaText = input.delta.trim();
  const delta = Number(deltaText);
  if (!/^[+-]?\d+$/.test(deltaText)) errors.delta = CREDIT_MESSAGES.deltaNotWhole;
  else if (delta === 0) errors.delta = CREDIT_MESSAGES.deltaZero;
  else if (Math.abs(delta) > ADMIN_CREDIT_DELTA_LIMIT) errors.delta = CREDIT_MESSAGES.deltaTooLarge;
  const reason = input.reason.trim();
  if (reason === '') errors.reason = CREDIT_MESSAGES.reasonMissing;
  else if (reason.length > ADMIN_REASON_MAX_LENGTH) errors.reason = CREDIT_MESSAGES.reasonTooLong;
  const jobId = input.jobId.trim();
  if (/\s/.test(jobId)) errors.jobId = CREDIT_MESSAGES.jobIdBlank;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { delta, reason, ...(jobId ? { jobId } : {}) } };
}
