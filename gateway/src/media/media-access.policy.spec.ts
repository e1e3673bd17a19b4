import { MediaAccessPolicy } from './media-access.policy';

describe(MediaAccessPolicy.name, () => {
  const sut = new MediaAccessPolicy();

  it('lets anyone read built-in actors and public samples', () => {
    expect(sut.canRead('actors/ipfs-puppet-video/clip.mp4', null)).toBe(true);
    expect(sut.canRead('public/samples/hero-1.mp4', null)).toBe(true);
  });

  it('lets only the owner read a user object', () => {
    expect(sut.canRead('users/u1/audio/1.mp3', 'u1')).toBe(true);
    expect(sut.canRead('users/u1/audio/1.mp3', 'u2')).toBe(false);
    expect(sut.canRead('users/u1/audio/1.mp3', null)).toBe(false);
  });

  it('does not treat a user id prefix as ownership', () => {
    expect(sut.canRead('users/u10/audio/1.mp3', 'u1')).toBe(false);
  });

  it('refuses anything else', () => {
    expect(sut.canRead('other/file.mp4', 'u1')).toBe(false);
  });
});
