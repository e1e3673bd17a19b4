/** Voice settings of a wizard audio (spec section 3, Audio parameters), as kept with a project. */
export interface AudioParams {
  text: string;
  voice_id?: string;
  emotion?: string;
  pitch?: number;
  speed?: number;
  volume?: number;
  language?: string;
  /** The actor (or influencer) the audio was made for. */
  videoId?: string;
}

/**
 * A history item (spec section 3, Project): `GET /api/projects`, newest first. `outputUrl` set means
 * the video is complete; `audioUrl` alone means the audio exists and the video is pending.
 */
export interface Project {
  id: number;
  createdAt: string;
  audioUrl: string | null;
  outputUrl: string | null;
  audioParams: AudioParams | null;
}

export interface ListProjectsRequest {
  userId: string;
}
