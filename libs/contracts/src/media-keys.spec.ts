import { isUploadOf, isValidKey, mediaKeyOf, MEDIA_ROUTE, mediaUrl, PUBLIC_FOLDERS, sampleKey, samplePosterKey, samplePosters, communityFolder, communityImageKey, communityProjectIdOf, influencerFolder, influencerKey, jobFolder, allLandmarksKeysOf, landmarksKeyOf, lookKeyBeside, lookKeyOfImage, timingsKeyOf, UPLOAD_KEY_PATTERN, uploadKey, uploadsFolder } from './media-keys';

describe('media keys', () => {
  it("names the public copy of a portrait in the format of the owner's image, without the owner", () => {
    expect(communityImageKey(7, influencerKey('u1', 7, 'image.jpg'))).toBe('community/7/image-v1.jpg');
    expect(communityImageKey(7, influencerKey('u1', 7, 'image.png'))).toBe('community/7/image-v1.png');
    expect(communityImageKey(7, 'users/u1/jobs/0b7c/image.webp')).toBe('community/7/image-v1.webp');
  });

  it('keeps landmarks beside their media, and each project and job in folders of its own', () => {
    expect(landmarksKeyOf('community/7/video-v1.mp4')).toBe('community/7/video-v1.mp4.mouths-v1.json');
    // One file per format (found in the format's frame), all removed with the media.
    expect(landmarksKeyOf('community/7/video-v1.mp4', '9x16-1080p')).toBe('community/7/video-v1.mp4.mouths-v1.9x16-1080p.json');
    expect(allLandmarksKeysOf('community/7/video-v1.mp4')).toHaveLength(7);
    expect(allLandmarksKeysOf('community/7/video-v1.mp4')).toContain('community/7/video-v1.mp4.mouths-v1.json');
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

  it("names a sample's posters beside its video in the public folder, per format and width, versioned", () => {
    expect(sampleKey('hero-1')).toBe('public/samples/hero-1-v1.mp4');
    expect(samplePosterKey('hero-1', 'avif', 640)).toBe('public/samples/hero-1-poster-640-v1.avif');
    expect(samplePosterKey('hero-1', 'webp', 320)).toBe('public/samples/hero-1-poster-320-v1.webp');
    expect(PUBLIC_FOLDERS.some((folder) => samplePosterKey('hero-1', 'avif', 320).startsWith(folder))).toBe(true);
  });

  it("lists a sample's posters at stable media addresses, smallest first, in the video's 8:9 shape", () => {
    expect(samplePosters('example-2')).toEqual([
      { width: 320, height: 360, avif: `${MEDIA_ROUTE}public/samples/example-2-poster-320-v1.avif`, webp: `${MEDIA_ROUTE}public/samples/example-2-poster-320-v1.webp` },
      { width: 640, height: 720, avif: `${MEDIA_ROUTE}public/samples/example-2-poster-640-v1.avif`, webp: `${MEDIA_ROUTE}public/samples/example-2-poster-640-v1.webp` },
    ]);
  });
});

describe(isValidKey.name, () => {
  it('accepts the keys we create', () => {
    expect(isValidKey('actors/ipfs-puppet-video-13/clip.mp4')).toBe(true);
    expect(isValidKey('users/6f1c/audio/12.mp3')).toBe(true);
  });

  it('refuses traversal, absolute paths, empty segments and odd characters', () => {
    for (const key of ['../etc/passwd', 'users/../x', '/actors/a.mp4', 'users//a.mp4', 'a b.mp4', 'a?b', '', 'users/u1\\..\\u2/a.mp4', 'users/u1%2F..%2Fu2/a.mp4', 'users/u1/%2e%2e/a', 'a\nb']) {
      expect(isValidKey(key)).toBe(false);
    }
  });
});

describe('uploads', () => {
  it("keeps a user's uploads in a folder of their own, each under a fresh name", () => {
    const key = uploadKey('u1', 'png');
    expect(uploadsFolder('u1')).toBe('users/u1/uploads/');
    expect(key).toMatch(/^users\/u1\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(key).toMatch(UPLOAD_KEY_PATTERN);
    expect(uploadKey('u1', 'png')).not.toBe(key);
  });

  it("tells one user's uploads from anything else", () => {
    expect(isUploadOf('u1', uploadKey('u1', 'jpg'))).toBe(true);
    expect(isUploadOf('u1', uploadKey('u10', 'jpg'))).toBe(false); // the folder ends with "/"
    expect(isUploadOf('u1', 'users/u1/audio/a.mp3')).toBe(false);
    expect(isUploadOf('u1', 'users/u1/uploads/nested/a.jpg')).toBe(false);
  });

  it('reads back the key of a media address it built', () => {
    const key = uploadKey('u1', 'webp');
    expect(mediaKeyOf(mediaUrl(key))).toBe(key);
    expect(mediaKeyOf(`${mediaUrl(key)}?download=a.webp`)).toBe(key);
  });
});
