import type { SelectedVideo } from '@lipcast/web-kit';
import { renderWithQueries } from '@lipcast/web-kit/testing';
import { VideoStep } from '../wizard/VideoStep';

/** The actor chosen in step 1. */
export const actor: SelectedVideo = { id: 'a1', title: 'Host Maya', duration: 10, url: '/media/actors/maya.mp4', thumbnail: '/media/actors/maya.jpg' };
/** The speech made in step 2. */
export const audio = { url: '/api/media/users/u1/audio/a.mp3', text: 'Hello there', voice: 'Friendly_Person', emotion: 'neutral', pitch: 0, speed: 1 };

/** Step 3 of the wizard for `video` (the actor, unless the test chose otherwise) and the speech. */
export const renderVideoStep = (video: SelectedVideo = actor) => renderWithQueries(<VideoStep video={video} audio={audio} onBack={() => undefined} />);

/** The JSON body of a call the fake answered. */
export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
