import type { VoiceEmotion, VoiceId } from '@lipcast/contracts';

// The voices and emotions of the embedded speech engine.

export interface VoiceProfile {
  /** espeak-ng voice with variant, e.g. `en-us+f3`. */
  voice: string;
  /** Base pitch 0..99 (espeak default 50). */
  pitch: number;
  /** Pitch range 0..99: how much the voice moves (espeak default 50). */
  range: number;
  /** espeak words per minute at speed 1, set so that speech runs near the wizard's 2.5 words a second. */
  rate: number;
}

/**
 * Every voice of the catalog (contracts' `VOICE_CATALOG`: minimax speech-02's system voices, the
 * production provider's) as its own espeak-ng voice, variant and prosody, so that switching
 * providers keeps every id and each id keeps its character.
 */
export const VOICE_PROFILES: Record<VoiceId, VoiceProfile> = {
  Wise_Woman: { voice: 'en-gb-x-rp+f4', pitch: 42, range: 40, rate: 111 },
  Friendly_Person: { voice: 'en-us+f3', pitch: 55, range: 60, rate: 126 },
  Inspirational_girl: { voice: 'en-us+f2', pitch: 68, range: 75, rate: 130 },
  Deep_Voice_Man: { voice: 'en-us+m3', pitch: 12, range: 30, rate: 111 },
  Calm_Woman: { voice: 'en-gb-x-rp+f1', pitch: 50, range: 30, rate: 115 },
  Casual_Guy: { voice: 'en-us+m2', pitch: 38, range: 55, rate: 133 },
  Lively_Girl: { voice: 'en-us+f5', pitch: 75, range: 85, rate: 144 },
  Patient_Man: { voice: 'en-gb-x-rp+m1', pitch: 30, range: 35, rate: 107 },
  Young_Knight: { voice: 'en-gb-scotland+m4', pitch: 45, range: 60, rate: 130 },
  Determined_Man: { voice: 'en-us+m1', pitch: 28, range: 45, rate: 126 },
  Lovely_Girl: { voice: 'en-us+Annie', pitch: 70, range: 65, rate: 122 },
  Decent_Boy: { voice: 'en-us+m5', pitch: 52, range: 50, rate: 126 },
  Imposing_Manner: { voice: 'en-gb-x-rp+m7', pitch: 18, range: 40, rate: 104 },
  Elegant_Man: { voice: 'en-gb-x-rp+m6', pitch: 33, range: 50, rate: 118 },
  Abbess: { voice: 'en-gb-x-rp+f2', pitch: 46, range: 25, rate: 104 },
  Sweet_Girl_2: { voice: 'en-us+f4', pitch: 82, range: 70, rate: 126 },
  Exuberant_Girl: { voice: 'en-us+Andrea', pitch: 78, range: 90, rate: 148 },
};

/** An emotion is prosody for this engine: pitch offset, range and rate factors, loudness. */
export interface EmotionProsody {
  pitchOffset: number;
  rangeFactor: number;
  rateFactor: number;
  volumeFactor: number;
}

export const EMOTION_PROSODY: Record<VoiceEmotion, EmotionProsody> = {
  neutral: { pitchOffset: 0, rangeFactor: 1, rateFactor: 1, volumeFactor: 1 },
  happy: { pitchOffset: 8, rangeFactor: 1.35, rateFactor: 1.08, volumeFactor: 1.05 },
  sad: { pitchOffset: -8, rangeFactor: 0.55, rateFactor: 0.85, volumeFactor: 0.85 },
  angry: { pitchOffset: 4, rangeFactor: 1.4, rateFactor: 1.12, volumeFactor: 1.25 },
  fearful: { pitchOffset: 10, rangeFactor: 1.2, rateFactor: 1.15, volumeFactor: 0.9 },
  disgusted: { pitchOffset: -5, rangeFactor: 0.8, rateFactor: 0.92, volumeFactor: 1 },
  surprised: { pitchOffset: 12, rangeFactor: 1.5, rateFactor: 1.05, volumeFactor: 1.1 },
};
