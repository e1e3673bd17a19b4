import { z } from 'zod';
import { INFLUENCER_DESCRIPTION, ONE_SHOT_GENDERS, PORTRAIT_PROMPT, SCRIPT_TOPIC, VIDEO_PROMPT } from '@lipcast/contracts';

// Zod probes for eval (`new Function("")`) to compile faster parsers; the Content-Security-Policy
// allows no eval, and the probe alone is reported as a violation. Parse without it.
z.config({ jitless: true });

/** "Required" for a missing field, as the spec's generic schema messages say; the type's own message otherwise. */
const requiredString = () => z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Required' : 'Expected text') });

/** A trimmed text within `limit`, refused in its words (contracts: the server's limits and messages). */
const limitedString = (limit: { min: number; max: number; messages: { min: string; max: string } }) =>
  requiredString().trim().min(limit.min, limit.messages.min).max(limit.max, limit.messages.max);

export const CREATOR_DESCRIPTION_MAX_LENGTH = 900;

/** The Creator's image description (spec section 5). */
export const creatorPromptSchema = requiredString()
  .trim()
  .min(PORTRAIT_PROMPT.min, PORTRAIT_PROMPT.messages.min)
  // The server takes 1000 characters of prompt, which the page wraps in its selfie instruction (78 characters).
  .max(CREATOR_DESCRIPTION_MAX_LENGTH, `Description cannot exceed ${CREATOR_DESCRIPTION_MAX_LENGTH} characters.`);

/** The clip's prompt (the server's limit and message); empty falls back to the spec's fixed prompt. */
export const videoPromptSchema = z.string().trim().max(VIDEO_PROMPT.max, VIDEO_PROMPT.messages.max);

/** The One Shot form (spec section 5): description and topic 10..1000 characters, gender male or female (default male). */
export const oneShotSchema = z.object({
  influencerDescription: limitedString(INFLUENCER_DESCRIPTION),
  gender: z.enum(ONE_SHOT_GENDERS, { error: 'Required' }).default('male'),
  scriptTopic: limitedString(SCRIPT_TOPIC),
});

export type OneShotInput = z.input<typeof oneShotSchema>;
export type OneShotValues = z.output<typeof oneShotSchema>;
