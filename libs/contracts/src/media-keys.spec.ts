import { communityFolder, communityImageKey, communityProjectIdOf, influencerFolder, influencerKey, jobFolder, landmarksKeyOf, lookKeyBeside, lookKeyOfImage, timingsKeyOf } from './media-keys';

describe('media keys', () => {
  it("names the public copy of a portrait in the format of the owner's image, without the owner", () => {
    expect(communityImageKey(7, influencerKey('u1', 7, 'image.jpg'))).toBe('community/7/image-v1.jpg');
    expect(communityImageKey(7, influencerKey('u1', 7, 'image.png'))).toBe('community/7/image-v1.png');
    expect(communityImageKey(7, 'users/u1/jobs/0b7c/image.webp')).toBe('community/7/image-v1.webp');
  });

  it('keeps landmarks beside their media, and each project and job in folders of its own', () => {
    expect(landmarksKeyOf('community/7/video-v1.mp4')).toBe('community/7/video-v1.mp4.mouths-v1.json');
    expect(influencerFolder('u1', 7)).toBe('users/u1/influencers/7/');
    expect(communityFolder(7)).toBe('community/7/');
    expect(jobFolder('u1', 'j1')).toBe('users/u1/jobs/j1/');
    // Folders end with "/": project 7's never holds project 70's.
    expect('community/70/video-v1.mp4'.startsWith(communityFolder(7))).toBe(false);
  });

  it('tells the project a public copy belongs to', () => {
    expect(communityProjectIdOf('community/70/video-v1.mp4')).toBe(70);
    expect(communityProjectIdOf('community/7/look.json')).toBe(7);
    expect(communityProjectIdOf('community/x/video-v1.mp4')).toBeUndefined();
    expect(communityProjectIdOf('users/u1/influencers/7/image.jpg')).toBeUndefined();
  });

  it('finds the drawing beside a portrait or a clip, and the timings beside an audio', () => {
    expect(lookKeyOfImage('users/u1/influencers/7/image.png')).toBe('users/u1/influencers/7/look.json');
    expect(lookKeyBeside('users/u1/jobs/0b7c-11/clip.mp4')).toBe('users/u1/jobs/0b7c-11/look.json');
    expect(lookKeyBeside('community/7/video-v1.mp4')).toBe('community/7/look.json');
    expect(lookKeyBeside('users/u1/audio/a.mp4')).toBeNull();
    expect(timingsKeyOf('users/u1/jobs/j1/audio.mp3')).toBe('users/u1/jobs/j1/audio.timings.json');
  });
});
