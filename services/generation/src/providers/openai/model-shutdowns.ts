/**
 * When OpenAI shuts models down. OpenAI announces it only as comments in its SDK's type definitions
 * (`openai/resources/shared.d.ts` and the beta Responses types): this is a checked-in copy of them, and
 * model-shutdowns.spec.ts fails when the installed SDK says otherwise (its diff shows the entries to
 * change), so an SDK upgrade that announces a shutdown is noticed here.
 */

/** Model ID → the UTC day OpenAI stops serving it (openai 7.57.0). */
export const OPENAI_MODEL_SHUTDOWNS: Readonly<Record<string, string>> = {
  'chatgpt-4o-latest': '2026-02-17',
  'codex-mini-latest': '2026-02-12',
  'computer-use-preview': '2026-07-23',
  'computer-use-preview-2025-03-11': '2026-07-23',
  'gpt-3.5-turbo': '2026-10-23',
  'gpt-3.5-turbo-0125': '2026-10-23',
  'gpt-3.5-turbo-0301': '2024-09-13',
  'gpt-3.5-turbo-0613': '2024-09-13',
  'gpt-3.5-turbo-1106': '2026-09-28',
  'gpt-3.5-turbo-16k': '2024-09-13',
  'gpt-3.5-turbo-16k-0613': '2024-09-13',
  'gpt-4': '2026-10-23',
  'gpt-4-0125-preview': '2026-03-26',
  'gpt-4-0314': '2026-03-26',
  'gpt-4-0613': '2026-10-23',
  'gpt-4-1106-preview': '2026-10-23',
  'gpt-4-32k': '2025-06-06',
  'gpt-4-32k-0314': '2025-06-06',
  'gpt-4-32k-0613': '2025-06-06',
  'gpt-4-turbo': '2026-10-23',
  'gpt-4-turbo-2024-04-09': '2026-10-23',
  'gpt-4-turbo-preview': '2026-03-26',
  'gpt-4-vision-preview': '2024-12-06',
  'gpt-4.1': '2027-01-14',
  'gpt-4.1-2025-04-14': '2027-01-14',
  'gpt-4.1-mini': '2027-01-14',
  'gpt-4.1-mini-2025-04-14': '2027-01-14',
  'gpt-4.1-nano': '2026-10-23',
  'gpt-4.1-nano-2025-04-14': '2026-10-23',
  'gpt-4o': '2027-01-14',
  'gpt-4o-2024-05-13': '2026-10-23',
  'gpt-4o-2024-08-06': '2027-01-14',
  'gpt-4o-2024-11-20': '2027-01-14',
  'gpt-4o-audio-preview': '2026-05-07',
  'gpt-4o-audio-preview-2024-10-01': '2025-10-10',
  'gpt-4o-audio-preview-2024-12-17': '2026-05-07',
  'gpt-4o-audio-preview-2025-06-03': '2026-05-07',
  'gpt-4o-mini': '2027-01-14',
  'gpt-4o-mini-2024-07-18': '2027-01-14',
  'gpt-4o-mini-audio-preview': '2026-05-07',
  'gpt-4o-mini-audio-preview-2024-12-17': '2026-05-07',
  'gpt-4o-mini-search-preview': '2026-07-23',
  'gpt-4o-mini-search-preview-2025-03-11': '2026-07-23',
  'gpt-4o-search-preview': '2026-07-23',
  'gpt-4o-search-preview-2025-03-11': '2026-07-23',
  'gpt-5': '2026-12-11',
  'gpt-5-2025-08-07': '2026-12-11',
  'gpt-5-chat-latest': '2026-07-23',
  'gpt-5-codex': '2026-07-23',
  'gpt-5-mini': '2026-12-11',
  'gpt-5-mini-2025-08-07': '2026-12-11',
  'gpt-5-nano': '2026-12-11',
  'gpt-5-nano-2025-08-07': '2026-12-11',
  'gpt-5-pro': '2026-12-11',
  'gpt-5-pro-2025-10-06': '2026-12-11',
  'gpt-5.1': '2027-04-01',
  'gpt-5.1-2025-11-13': '2027-04-01',
  'gpt-5.1-chat-latest': '2026-07-23',
  'gpt-5.1-codex': '2026-07-23',
  'gpt-5.1-codex-max': '2026-07-23',
  'gpt-5.2-chat-latest': '2026-08-10',
  'gpt-5.3-chat-latest': '2026-08-10',
  'gpt-5.4-nano': '2027-04-01',
  'gpt-5.4-nano-2026-03-17': '2027-04-01',
  'gpt-audio-mini': '2027-01-20',
  'gpt-audio-mini-2025-12-15': '2027-01-20',
  'gpt-image-1': '2026-10-23',
  'o1': '2026-10-23',
  'o1-2024-12-17': '2026-10-23',
  'o1-mini': '2025-10-27',
  'o1-mini-2024-09-12': '2025-10-27',
  'o1-preview': '2025-07-28',
  'o1-preview-2024-09-12': '2025-07-28',
  'o1-pro': '2026-10-23',
  'o1-pro-2025-03-19': '2026-10-23',
  'o3': '2026-12-11',
  'o3-2025-04-16': '2026-12-11',
  'o3-deep-research': '2026-07-23',
  'o3-deep-research-2025-06-26': '2026-07-23',
  'o3-mini': '2026-10-23',
  'o3-mini-2025-01-31': '2026-10-23',
  'o3-pro': '2026-12-11',
  'o3-pro-2025-06-10': '2026-12-11',
  'o4-mini': '2026-10-23',
  'o4-mini-2025-04-16': '2026-10-23',
  'o4-mini-deep-research': '2026-07-23',
  'o4-mini-deep-research-2025-06-26': '2026-07-23',
};

/** IDs the SDK still lists but the API does not serve. */
export const OPENAI_UNSUPPORTED_MODELS: readonly string[] = ['gpt-5.1-mini'];

/** How far ahead the start-up warning looks. */
export const SHUTDOWN_WARNING_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What to tell the operator at start about the configured model, or undefined when it is not announced
 * to shut down within SHUTDOWN_WARNING_DAYS of `now`.
 */
export function modelShutdownWarning(model: string, now: Date): string | undefined {
  if (OPENAI_UNSUPPORTED_MODELS.includes(model)) return `OPENAI_MODEL ${model} is not a model OpenAI serves: scripts will fail until OPENAI_MODEL names a current model`;
  const shutdown = OPENAI_MODEL_SHUTDOWNS[model];
  if (!shutdown) return undefined;
  const daysLeft = Math.ceil((Date.parse(`${shutdown}T00:00:00Z`) - now.getTime()) / DAY_MS);
  if (daysLeft <= 0) return `OPENAI_MODEL ${model} was shut down by OpenAI on ${shutdown}: scripts will fail until OPENAI_MODEL names a current model`;
  if (daysLeft > SHUTDOWN_WARNING_DAYS) return undefined;
  return `OPENAI_MODEL ${model} shuts down on ${shutdown} (in ${daysLeft} day${daysLeft === 1 ? '' : 's'}): set OPENAI_MODEL to a current model before then`;
}
