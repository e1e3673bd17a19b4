import { z } from 'zod';

// Zod probes for eval (`new Function("")`) to compile faster parsers; the Content-Security-Policy
// allows no eval, and the probe alone is reported as a violation. Parse without it.
z.config({ jitless: true });

/** "Required" for a missing field, as the spec's generic schema messages say; the type's own message otherwise. */
const requiredString = () => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Expected text') });

export const CREATOR_DESCRIPTION_MAX_LENGTH = 900;

/** The Creator's image description (spec section 5). */
export const creatorPromptSchema = requiredString()
  .trim()
  .min(5, 'Prompt must be at least 5 characters.')
  // The server takes 1000 characters of prompt, which the page wraps in its selfie instruction (78 characters).
  .max(CREATOR_DESCRIPTION_MAX_LENGTH, `Description cannot exceed ${CREATOR_DESCRIPTION_MAX_LENGTH} characters.`);

/** The clip's prompt (the server's limit and message); empty falls back to the spec's fixed prompt. */
export const videoPromptSchema = z.string().trim().max(1000, 'Prompt cannot exceed 1000 characters.');

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The One Shot form (spec section 5): description and topic 10..1000 characters, gender male or female (default male). */
export const oneShotSchema = z.object({
  influencerDescription: requiredString()
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(1000, 'Description cannot exceed 1000 characters'),
  gender: z.enum(GENDERS, { error: 'Required' }).default('male'),
  scriptTopic: requiredString().trim().min(10, 'Topic must be at least 10 characters').max(1000, 'Topic cannot exceed 1000 characters'),
});

export type OneShotInput = z.input<typeof oneShotSchema>;
export type OneShotValues = z.output<typeof oneShotSchema>;
