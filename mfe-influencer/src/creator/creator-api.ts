import { API_ROUTES, PORTRAIT_SIZE_TEXT, withCreditNotUsed, type FaceCheckAnswer, type InfluencerImageResponse, type InfluencerProject, type JobState } from '@lipcast/contracts';
import { callApi, followJob, isPaymentRequired, type PaymentRequired } from '@lipcast/web-kit';

/** Spec section 9: portraits are 640x720 (PORTRAIT_SIZE_TEXT), asked for as a photo-realistic smartphone selfie. */
export const selfiePrompt = (description: string) => `A photo-realistic smartphone selfie of ${description.trim()}. Natural light, looking at the camera.`;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_BIG = 'The image is larger than 10 MB. Please choose a smaller picture.';
export const NOT_AN_IMAGE = 'Please choose an image file.';

/** A failure's own message for the toast, else `fallback`. */
export const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

export function generateImage(description: string): Promise<InfluencerImageResponse> {
  return callApi(API_ROUTES.influencerImage, { body: { prompt: selfiePrompt(description), size: PORTRAIT_SIZE_TEXT } });
}

/** A picture chosen on this device, read as a data URL; too big or not an image is refused here, before any upload. */
export function readPicture(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) return Promise.reject(new Error(NOT_AN_IMAGE));
  if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new Error(UPLOAD_TOO_BIG));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The picture could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The check before charging of a chosen picture (its data URL), before anything is generated: free, and nothing is kept. */
export function checkPicture(dataUrl: string): Promise<FaceCheckAnswer> {
  return callApi(API_ROUTES.checkImage, { body: { image: dataUrl } });
}

/**
 * The portrait's 20 s clip (a free preview: one of the day's image previews). The request answers at once (`Prefer: respond-async`)
 * with the job, whose progress then comes on its event stream; resolves with the clip's URL.
 */
export async function generateVideo(
  /** `consent`: the creator ticked the likeness consent for an uploaded picture (an upload is refused without it). */
  request: { image: string; prompt: string; projectId: number | null; consent?: true },
  /** Each state of the job: its progress, and its place in the queue or time left. */
  onProgress: (progress: number, state: JobState) => void,
): Promise<string | PaymentRequired> {
  const answer = await callApi(API_ROUTES.influencerVideo(request.projectId), { body: { image: request.image, prompt: request.prompt, ...(request.consent ? { consent: true } : {}) }, headers: { Prefer: 'respond-async' } });
  if (isPaymentRequired(answer)) return answer;
  if (answer?.url) return answer.url;
  if (!answer?.predictionId) throw new Error('Failed to generate video');
  const finished = await followJob(answer.predictionId, (state) => onProgress(state.progress, state));
  // A failed job's credit is released: the message says so.
  if (finished.status === 'failed') throw new Error(withCreditNotUsed(finished.error ?? 'Failed to generate video'));
  if (finished.status !== 'succeeded' || !finished.url) throw new Error(finished.error ?? 'Failed to generate video');
  return finished.url;
}

export const PROJECTS_QUERY_KEY = [API_ROUTES.influencerProjects.path] as const;

export const listProjects = () => callApi(API_ROUTES.influencerProjects);

/** The project a clip belongs to (an upload's project is made by the server). It stays private until its owner publishes it. */
export async function projectOf(videoUrl: string, knownProjectId: number | null): Promise<InfluencerProject | null> {
  const projects = await listProjects();
  return projects.find((candidate) => (knownProjectId !== null ? candidate.id === knownProjectId : candidate.outputUrl === videoUrl)) ?? null;
}

/** Shows the influencer in the community gallery, with the owner's consent and the name they give. */
export const publishProject = (projectId: number, name: string) => callApi(API_ROUTES.publishInfluencer(projectId), { body: { name: name.trim(), consent: true } });

/** Takes it out of the gallery at once. */
export const unpublishProject = (projectId: number) => callApi(API_ROUTES.unpublishInfluencer(projectId));

/** The owner's one appeal of a review or removal. */
export const appealProject = (projectId: number, message: string) => callApi(API_ROUTES.appealInfluencer(projectId), { body: { message: message.trim() } });
