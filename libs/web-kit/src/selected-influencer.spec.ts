import { clearSelectedInfluencer, handInfluencerToWizard, influencerName, influencerVideo, ownActorVideo, readSelectedInfluencer, SELECTED_INFLUENCER_KEY } from './selected-influencer';

describe('the influencer handed to the wizard', () => {
  afterEach(() => sessionStorage.clear());

  it('is written to session storage as it was given', () => {
    const influencer = { id: '12', title: 'User Influencer 12', setting: 'User Generated', duration: 20.04, thumbnail: '/t.jpg', url: '/api/media/community/12/video-v1.mp4' };
    handInfluencerToWizard(influencer);
    expect(JSON.parse(sessionStorage.getItem(SELECTED_INFLUENCER_KEY)!)).toEqual(influencer);
    expect(readSelectedInfluencer()).toEqual(influencer);
  });

  it('is read from session storage until the wizard clears it', () => {
    sessionStorage.setItem(SELECTED_INFLUENCER_KEY, JSON.stringify({ id: 7, title: 'Influencer 7', duration: 20, thumbnail: '/t.jpg', url: '/api/media/community/7/video-v1.mp4' }));
    const expected = { id: '7', title: 'Influencer 7', setting: undefined, duration: 20, thumbnail: '/t.jpg', url: '/api/media/community/7/video-v1.mp4' };
    expect(readSelectedInfluencer()).toEqual(expected);
    expect(readSelectedInfluencer()).toEqual(expected);
    clearSelectedInfluencer();
    expect(readSelectedInfluencer()).toBeNull();
  });

  it('names an AI influencer by the name its owner gave it, else its number (issue 37)', () => {
    const project = { id: 19, name: 'Chef Ruby', duration: 20, thumbnailUrl: '/t.jpg', imageUrl: '/i.jpg', outputUrl: '/api/media/users/u1/influencers/19/video.mp4' };
    expect(influencerVideo(project)).toEqual({ id: '19', title: 'Chef Ruby', setting: 'AI Influencer', duration: 20, thumbnail: '/t.jpg', url: project.outputUrl });
    expect(influencerVideo(project, 'User Generated').title).toBe('Chef Ruby');
    expect(influencerName({ id: 19, name: null })).toBe('Influencer 19');
  });

  it('ignores a record that is not usable', () => {
    sessionStorage.setItem(SELECTED_INFLUENCER_KEY, '{not json');
    expect(readSelectedInfluencer()).toBeNull();
    sessionStorage.setItem(SELECTED_INFLUENCER_KEY, JSON.stringify({ title: 'No url' }));
    expect(readSelectedInfluencer()).toBeNull();
  });

  it('is none when rendering without a browser (no session storage)', () => {
    sessionStorage.setItem(SELECTED_INFLUENCER_KEY, JSON.stringify({ id: 7, url: '/api/media/community/7/video-v1.mp4' }));
    const descriptor = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', { value: undefined, configurable: true });
    try {
      expect(readSelectedInfluencer()).toBeNull();
    } finally {
      Object.defineProperty(window, 'sessionStorage', descriptor);
    }
    expect(readSelectedInfluencer()).toMatchObject({ id: '7' });
  });

  it('keeps the video format the Creator chose, and drops one that is not a format', () => {
    const influencer = { id: '9', title: 'Influencer 9', duration: 20, thumbnail: '/t.jpg', url: '/v.mp4' };
    handInfluencerToWizard({ ...influencer, format: '9x16-720p' });
    expect(readSelectedInfluencer()).toMatchObject({ id: '9', format: '9x16-720p' });
    sessionStorage.setItem(SELECTED_INFLUENCER_KEY, JSON.stringify({ ...influencer, format: '4x3' }));
    expect(readSelectedInfluencer()).not.toHaveProperty('format');
  });

  it('keeps the burned-in captions the Creator chose, and drops an unknown style', () => {
    const influencer = { id: '9', title: 'Influencer 9', duration: 20, thumbnail: '/t.jpg', url: '/v.mp4' };
    handInfluencerToWizard({ ...influencer, captions: 'bold' });
    expect(readSelectedInfluencer()).toMatchObject({ id: '9', captions: 'bold' });
    sessionStorage.setItem(SELECTED_INFLUENCER_KEY, JSON.stringify({ ...influencer, captions: 'neon' }));
    expect(readSelectedInfluencer()).not.toHaveProperty('captions');
  });
});

describe(ownActorVideo.name, () => {
  it("is the own actor as the wizard animates it: named own:<id>, its clip, its length in whole seconds", () => {
    const actor = {
      id: '5b0c7c1e-0000-4000-8000-000000000001',
      name: 'Me at my desk',
      url: '/api/media/users/u1/actors/5b0c/clip.mp4',
      thumbnail: '/api/media/users/u1/actors/5b0c/thumbnail.jpg',
      durationSeconds: 12.6,
      width: 1080,
      height: 1920,
      createdAt: '2026-11-29T11:00:00.000Z',
      consent: { id: 'c1', subject: 'likeness' as const, text: 'This is me', givenAt: '2026-11-29T11:00:00.000Z' },
    };
    expect(ownActorVideo(actor)).toEqual({
      id: 'own:5b0c7c1e-0000-4000-8000-000000000001',
      title: 'Me at my desk',
      duration: 13,
      thumbnail: '/api/media/users/u1/actors/5b0c/thumbnail.jpg',
      url: '/api/media/users/u1/actors/5b0c/clip.mp4',
    });
  });
});
