import type { Project } from '@lipcast/contracts';
import { fakeApi } from './testing/fake-fetch';
import { actorOfProject, handProjectToWizard, readHandedAudio } from './wizard-handoff';
import { readSelectedInfluencer } from './selected-influencer';

const made = (videoId: string): Pick<Project, 'audioUrl' | 'audioParams' | 'format'> => ({ audioUrl: '/api/media/users/u1/audio/a.mp3', audioParams: { text: 'Hi', voice_id: 'Calm_Woman', videoId } });
const influencer = (id: number, state: 'visible' | 'removed') => ({
  id,
  createdAt: '2026-02-03T10:00:00.000Z',
  imageUrl: `/i/${id}.jpg`,
  imageKind: 'photo',
  thumbnailUrl: `/i/${id}-thumb.jpg`,
  outputUrl: `/i/${id}.mp4`,
  duration: 4,
  isApproved: false,
  moderation: { state, reason: null, appealed: false },
  name: 'Chef Ruby',
  isOwner: true,
});

describe('handing a history item to the wizard (issue 37, item 9)', () => {
  afterEach(() => sessionStorage.clear());

  it("finds its actor among the creator's own actors and AI influencers, not a removed one", async () => {
    fakeApi({
      'GET /api/actors/own': { body: { actors: [{ id: 'x1', name: 'Me on a Monday', durationSeconds: 6, thumbnail: '/o/x1.jpg', url: '/o/x1.mp4' }] } },
      'GET /api/actors': { body: [] },
      'GET /api/ai-influencer/projects': { body: [influencer(19, 'visible'), influencer(20, 'removed')] },
    });
    expect(await actorOfProject(made('own:x1'))).toMatchObject({ id: 'own:x1', title: 'Me on a Monday', url: '/o/x1.mp4' });
    expect(await actorOfProject(made('19'))).toMatchObject({ id: '19', title: 'Chef Ruby', url: '/i/19.mp4', setting: 'AI Influencer' });
    expect(await actorOfProject(made('20'))).toBeNull();
    expect(await actorOfProject(made('own:gone'))).toBeNull();
  });

  it('leaves nothing when the actor is gone', async () => {
    fakeApi({ 'GET /api/actors': { body: [] }, 'GET /api/ai-influencer/projects': { body: [] } });
    expect(await handProjectToWizard(made('ipfs-puppet-video-9'))).toBe(false);
    expect(readSelectedInfluencer()).toBeNull();
    expect(readHandedAudio()).toBeNull();
  });
});
