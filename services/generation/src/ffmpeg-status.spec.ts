import { OpsRegistry } from '@lipcast/nest-kit';
import { ffmpegInfo } from '@lipcast/media-tools';
import { FfmpegStatusSection } from './ffmpeg-status';

jest.mock('@lipcast/media-tools', () => ({ ffmpegInfo: jest.fn() }));
const info = jest.mocked(ffmpegInfo);

describe(FfmpegStatusSection.name, () => {
  beforeEach(() => info.mockReset());

  it("adds the ffmpeg in use to the operators' status, asking ffmpeg once", async () => {
    info.mockResolvedValue({ path: '/usr/bin/ffmpeg', version: '5.1.6-0+deb12u1' });
    const registry = new OpsRegistry();
    new FfmpegStatusSection(registry);
    expect(await registry.sectionValues()).toEqual({ ffmpeg: { path: '/usr/bin/ffmpeg', version: '5.1.6-0+deb12u1' } });
    await registry.sectionValues();
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('shows why it could not tell, and asks again next time', async () => {
    info.mockRejectedValueOnce(new Error('spawn ffmpeg ENOENT')).mockResolvedValue({ path: '/opt/ffmpeg', version: '4.1' });
    const registry = new OpsRegistry();
    new FfmpegStatusSection(registry);
    expect(await registry.sectionValues()).toEqual({ ffmpeg: { error: 'spawn ffmpeg ENOENT' } });
    expect(await registry.sectionValues()).toEqual({ ffmpeg: { path: '/opt/ffmpeg', version: '4.1' } });
  });
});
