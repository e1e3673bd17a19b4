import { mediaKeyOf } from '@lipcast/contracts';

describe('mediaKeyOf', () => {
  it('reads the key of our media route, with or without an origin', () => {
    expect(mediaKeyOf('/api/media/actors/ipfs-puppet-video/idle-v1.mp4')).toBe('actors/ipfs-puppet-video/idle-v1.mp4');
    expect(mediaKeyOf('https://lipcast.example/api/media/users/u1/audio/a.mp3?x=1')).toBe('users/u1/audio/a.mp3');
    expect(mediaKeyOf('http://127.0.0.1:3000/api/media/community/7/video-v1.mp4#t=2')).toBe('community/7/video-v1.mp4');
  });

  it('refuses anything else', () => {
    expect(mediaKeyOf('https://example.com/video.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/actors/../users/x.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/users/u1/%2e%2e/x.mp4')).toBeNull();
    expect(mediaKeyOf('not a url at all')).toBeNull();
    expect(mediaKeyOf('/api/media/')).toBeNull();
  });

  it('refuses backslashes and percent-encoded separators, which a URL parser would turn into another user\'s key', () => {
    // new URL() reads each of these as /api/media/users/u2/x.mp4.
    expect(mediaKeyOf('/api/media/users/u1\\..\\u2\\x.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/users\\u2/x.mp4')).toBeNull();
    expect(mediaKeyOf('https://lipcast.example\\api/media/users/u2/x.mp4')).toBeNull();
    // decodeURIComponent would make these /api/media/users/u1/../u2/x.mp4 and users/u1/\..\u2/x.
    expect(mediaKeyOf('/api/media/users/u1%2F..%2Fu2/x.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/users/u1/%5c..%5cu2/x')).toBeNull();
    expect(mediaKeyOf('/api/media/users/u1/a%2fb.mp4')).toBeNull();
    // Tabs and newlines, which the URL parser drops.
    expect(mediaKeyOf('/api/media/users/u1/.\t./u2/x.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/users/u1/x.mp4\n')).toBeNull();
  });
});
