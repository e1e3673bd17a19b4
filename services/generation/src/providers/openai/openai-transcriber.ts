import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { ProviderError, type WorkContext } from '../../ports/media';
import type { TimedUnit } from '../../ports/speech.port';
import { TranscriberPort } from '../../ports/transcriber.port';
import { OPENAI_MESSAGES } from './openai-script';

/**
 * The model that transcribes: whisper-1 is OpenAI's model that answers `verbose_json` with word
 * timestamps (`timestamp_granularities[]=word`); the gpt-4o transcribe models answer text or json only.
 */
export const TRANSCRIPTION_MODEL = 'whisper-1';
/** A minute of speech takes seconds; the whole call, retries included. */
const TRANSCRIPTION_TIMEOUT_MS = 60_000;

export interface OpenAiTranscriberOptions {
  apiKey: string | undefined;
  /** Default https://api.openai.com/v1; the stand-in's `url` in development and tests. */
  baseURL?: string;
  maxRetries?: number;
}

/** Audio → its words with their times, by OpenAI's `POST /v1/audio/transcriptions` (verbose_json, word timestamps). */
export class OpenAiTranscriber extends TranscriberPort {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(options: OpenAiTranscriberOptions) {
    super();
    const apiKey = options.apiKey?.trim();
    if (!apiKey) throw new ProviderError(OPENAI_MESSAGES.missingKey, 'missing-key');
    this.client = new OpenAI({ apiKey, baseURL: options.baseURL, maxRetries: options.maxRetries ?? 2, timeout: TRANSCRIPTION_TIMEOUT_MS });
  }

  async transcribe(audioPath: string, context: WorkContext): Promise<TimedUnit[]> {
    const deadline = AbortSignal.timeout(TRANSCRIPTION_TIMEOUT_MS);
    try {
      const transcription = await this.client.audio.transcriptions.create(
        {
          model: TRANSCRIPTION_MODEL,
          file: await toFile(createReadStream(audioPath), basename(audioPath)),
          response_format: 'verbose_json',
          timestamp_granularities: ['word'],
        },
        { signal: AbortSignal.any([context.signal, deadline]) },
      );
      return (transcription.words ?? []).map((word) => ({ text: word.word.trim(), startMs: Math.round(word.start * 1000), endMs: Math.round(word.end * 1000) })).filter((word) => word.text);
    } catch (error) {
      if (context.signal.aborted) throw new ProviderError('The transcription was canceled.', 'canceled');
      if (error instanceof OpenAI.APIError) throw new ProviderError(`OpenAI could not transcribe the audio: ${error.message}`, 'failed', error.status === 429 || (error.status ?? 0) >= 500);
      throw new ProviderError(`Transcription failed: ${error instanceof Error ? error.message : String(error)}`, 'failed');
    }
  }
}
