import { isValidKey } from './storage';

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
