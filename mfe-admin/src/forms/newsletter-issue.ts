import { NEWSLETTER_BODY_MAX_LENGTH, NEWSLETTER_SUBJECT_MAX_LENGTH, type AdminNewsletterIssueBody } from '@lipcast/contracts';

/** What the operator typed into the newsletter form. */
export interface NewsletterIssueInput {
  subject: string;
  body: string;
}

export type NewsletterIssueErrors = Partial<Record<keyof NewsletterIssueInput, string>>;

export const NEWSLETTER_MESSAGES = {
  subjectMissing: 'Enter a subject',
  subjectTooLong: `At most ${NEWSLETTER_SUBJECT_MAX_LENGTH} characters`,
  bodyMissing: 'Write the issue (paragraphs separated by blank lines)',
  bodyTooLong: `At most ${NEWSLETTER_BODY_MAX_LENGTH} characters`,
} as const;

/** The request body, or the message for each field that is wrong (the gateway checks the same limits). */
export function validateNewsletterIssue(input: NewsletterIssueInput): { body: AdminNewsletterIssueBody } | { errors: NewsletterIssueErrors } {
  const errors: NewsletterIssueErrors = {};
  const subject = input.subject.trim();
  if (subject === '') errors.subject = NEWSLETTER_MESSAGES.subjectMissing;
  else if (subject.length > NEWSLETTER_SUBJECT_MAX_LENGTH) errors.subject = NEWSLETTER_MESSAGES.subjectTooLong;
  if (input.body.trim() === '') errors.body = NEWSLETTER_MESSAGES.bodyMissing;
  else if (input.body.length > NEWSLETTER_BODY_MAX_LENGTH) errors.body = NEWSLETTER_MESSAGES.bodyTooLong;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { subject, body: input.body } };
}
