import { mediaKeyOf } from './media-refs';

describe('mediaKeyOf', () => {
  it('reads the key of our media route, with or without an origin', () => {
    expect(mediaKeyOf('/api/media/actors/ipfs-puppet-video/idle-v1.mp4')).toBe('actors/ipfs-puppet-video/idle-v1.mp4');
    expect(mediaKeyOf('https://lipcast.example/api/media/users/u1/audio/a.mp3?x=1')).toBe('users/u1/audio/a.mp3');
  });

  it('refuses anything else', () => {
    expect(mediaKeyOf('https://example.com/video.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/actors/../users/x.mp4')).toBeNull();
    expect(mediaKeyOf('/api/media/users/u1/%2e%2e/x.mp4')).toBeNull();
    expect(mediaKeyOf('not a url at all')).toBeNull();
  });
});
