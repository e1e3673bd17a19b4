import type { PipelineSteps } from '@lipcast/contracts';

/** What a One Shot run is given. */
export interface OneShotInput {
  description: string;
  gender: 'male' | 'female';
  topic: string;
}

/** Spec section 9: the script fits 15 s, the clip lasts 15 s, the audio uses these settings. */
export const ONE_SHOT_SECONDS = 15;
export const ONE_SHOT_VOICES = {
  male: ['Deep_Voice_Man', 'Casual_Guy', 'Patient_Man', 'Young_Knight', 'Determined_Man', 'Decent_Boy', 'Imposing_Manner', 'Elegant_Man'],
  female: ['Wise_Woman', 'Inspirational_girl', 'Calm_Woman', 'Lively_Girl', 'Lovely_Girl', 'Abbess', 'Sweet_Girl_2', 'Exuberant_Girl'],
} as const;
export const ONE_SHOT_EMOTIONS = ['neutral', 'happy', 'surprise'] as const;
export const ONE_SHOT_VIDEO_PROMPT = 'A person speaking to the camera, natural head movement, soft light';

/** The image prompt, wrapped as the spec's photo-realistic smartphone selfie. */
export const selfiePrompt = (input: OneShotInput) =>
  `A photo-realistic smartphone selfie of a ${input.gender === 'female' ? 'woman' : 'man'}: ${input.description.trim()}. Natural light, looking at the camera.`;

export const initialSteps = (): PipelineSteps => ({
  script: { status: 'waiting' },
  image: { status: 'waiting' },
  audio: { status: 'waiting' },
  video: { status: 'waiting' },
});
