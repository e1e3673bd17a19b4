import { API_ROUTES, ownActorRef, type Project } from '@lipcast/contracts';
import { callApi } from './api';
import { handInfluencerToWizard, influencerVideo, ownActorVideo, type SelectedVideo } from './selected-influencer';

/**
 * A history item handed to the video wizard (issue 37, item 9): /profile's "Make the video" and
 * /projects' "Open in the wizard" leave its actor (as `handInfluencerToWizard` does) and its audio in
 * session storage; the wizard then opens at step 3 with both, and clears them.
 */

/** An audio the wizard's step 3 puts on the actor: the wizard's own `CreatedAudio` minus a recording's details. */
export interface HandedAudio {
  url: string;
  text: string;
  voice: string;
  emotion: string;
  pitch: number;
  speed: number;
}

export const HANDED_AUDIO_KEY = 'wizardAudio';

/** Said when the actor an audio was made for can no longer be found (deleted, or someone else's influencer). */
export const ACTOR_GONE_MESSAGE = 'The actor of this audio is no longer available. Start a new video in the wizard instead.';

/** The actor a history item's audio was made for, as the wizard animates it; null when it is gone. */
export async function actorOfProject(project: Pick<Project, 'audioParams'>): Promise<SelectedVideo | null> {
  const id = project.audioParams?.videoId;
  if (!id) return null;
  if (id.startsWith('own:')) {
    const own = await callApi(API_ROUTES.ownActors);
    const actor = own.actors.find((candidate) => ownActorRef(candidate.id) === id);
    return actor ? ownActorVideo(actor) : null;
  }
  const actor = (await callApi(API_ROUTES.actors)).find((candidate) => candidate.id === id);
  if (actor) return actor;
  // One of the creator's AI influencers (its number); one removed by an operator cannot be used.
  const influencer = (await callApi(API_ROUTES.influencerProjects)).find((candidate) => String(candidate.id) === id);
  return influencer?.outputUrl && influencer.moderation.state !== 'removed' ? influencerVideo(influencer) : null;
}

/** The audio of a history item as the wizard's step 3 takes it; null without one. */
export function handedAudioOf(project: Pick<Project, 'audioUrl' | 'audioParams'>): HandedAudio | null {
  if (!project.audioUrl) return null;
  const params = project.audioParams;
  return {
    url: project.audioUrl,
    text: params?.text ?? '',
    voice: params?.voice_id ?? '',
    emotion: params?.emotion ?? 'neutral',
    pitch: params?.pitch ?? 0,
    speed: params?.speed ?? 1,
  };
}

/**
 * Leaves a history item's actor and audio for the wizard (the caller then goes to `/`), in its format;
 * false, leaving nothing, when it has no audio or its actor is gone.
 */
export async function handProjectToWizard(project: Pick<Project, 'audioUrl' | 'audioParams' | 'format'>, storage: Storage = sessionStorage): Promise<boolean> {
  const audio = handedAudioOf(project);
  const video = audio ? await actorOfProject(project) : null;
  if (!audio || !video) return false;
  handInfluencerToWizard({ ...video, ...(project.format ? { format: project.format } : {}) }, storage);
  storage.setItem(HANDED_AUDIO_KEY, JSON.stringify(audio));
  return true;
}

/** The audio a page left for the wizard; null when there is none or it is not usable (or without a browser). */
export function readHandedAudio(storage: Storage | undefined = globalThis.sessionStorage): HandedAudio | null {
  const raw = storage?.getItem(HANDED_AUDIO_KEY) ?? null;
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<HandedAudio>;
    if (typeof value.url !== 'string' || !value.url) return null;
    return {
      url: value.url,
      text: typeof value.text === 'string' ? value.text : '',
      voice: typeof value.voice === 'string' ? value.voice : '',
      emotion: typeof value.emotion === 'string' ? value.emotion : 'neutral',
      pitch: typeof value.pitch === 'number' ? value.pitch : 0,
      speed: typeof value.speed === 'number' ? value.speed : 1,
    };
  } catch {
    return null;
  }
}

/** Forgets the handed audio once the wizard has it. */
export function clearHandedAudio(storage: Storage = sessionStorage): void {
  storage.removeItem(HANDED_AUDIO_KEY);
}
