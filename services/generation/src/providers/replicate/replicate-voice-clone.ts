import { ProviderError, type WorkContext } from '../../ports/media';
import { VoiceClonePort, type VoiceCloneRequest, type VoiceCloneResult } from '../../ports/voice-clone.port';
import { ReplicateModel, type PollingOptions, type ReplicateAdapterOptions } from './replicate-client';

/** Cloning takes seconds to a minute; 3 minutes before giving up. */
const CLONE_POLLING: PollingOptions = { pollIntervalMs: 1000, timeoutMs: 180_000 };

/** The speech models a MiniMax clone is made for (the `model` input's published choices). */
export type MinimaxCloneTarget = 'speech-02-hd' | 'speech-02-turbo';

/** The clone target for the speech model setting: a clone made for one model is a voice of that model. */
export const cloneTargetOf = (speechModel: string | undefined): MinimaxCloneTarget => (/speech-02-turbo/.test(speechModel ?? '') ? 'speech-02-turbo' : 'speech-02-hd');

/**
 * A creator's voice cloned with MiniMax voice cloning on Replicate, `minimax/voice-cloning` (an official
 * model, run on the model endpoint). The contract followed is the one Replicate publishes for it, at
 * https://replicate.com/minimax/voice-cloning/api (the model's API page and its `llms.txt` listing):
 *   input   voice_file (uri, required: "MP3, M4A, or WAV format, 10s to 5min duration, and less than 20MB"),
 *           model ("speech-02-hd" | "speech-02-turbo", default speech-02-turbo: the speech model the voice is for),
 *           accuracy (number 0..1, default 0.7: text validation threshold), need_noise_reduction (boolean),
 *           need_volume_normalization (boolean)
 *   output  {voice_id, preview (uri of an audio preview), model}, e.g. {"voice_id": "R8_FDU1SV5S", ...}
 * The voice id is then spoken by minimax/speech-02-hd|turbo as `voice_id`. MiniMax deletes a cloned voice
 * left unused for 7 days (its voice-cloning guide); Replicate publishes no way to list or delete one, so a
 * voice removed in Lipcast is only forgotten here and expires at MiniMax. A copy of the schema is the
 * stand-in's `tools/replicate/schemas/minimax__voice-cloning.json`.
 */
export class ReplicateVoiceClone extends VoiceClonePort {
  readonly name = 'replicate';
  readonly replicate: ReplicateModel;

  constructor(
    options: ReplicateAdapterOptions,
    private readonly target: MinimaxCloneTarget = 'speech-02-hd',
  ) {
    super();
    this.replicate = new ReplicateModel(options, { model: 'minimax/voice-cloning', polling: CLONE_POLLING });
  }

  inputFor(request: VoiceCloneRequest): Record<string, unknown> {
    // A phone or laptop recording: MiniMax evens its loudness; the noise reduction is left to the sample's own quality.
    return { voice_file: request.sample.url, model: this.target, need_volume_normalization: true };
  }

  async clone(request: VoiceCloneRequest, context: WorkContext): Promise<VoiceCloneResult> {
    const prediction = await this.replicate.runForOutput(this.inputFor(request), context);
    const voiceId = (prediction.output as { voice_id?: unknown } | null)?.voice_id;
    if (typeof voiceId !== 'string' || !voiceId) throw new ProviderError('The voice cloning model answered no voice id.', 'failed');
    context.progress(1);
    return { providerVoiceId: voiceId };
  }
}
