import { broadcastAudioFilter, type LoudnessMeasurement } from './sound';

const measured = (integrated: number, truePeak: number): LoudnessMeasurement => ({ integrated, truePeak, range: 4, threshold: integrated - 10, offset: 0 });

describe('the second loudness pass', () => {
  it('applies one plain gain when it keeps the true peak under the ceiling (what loudnorm would do in linear mode)', () => {
    // -23 LUFS with peaks at -12 dBTP: +9 dB puts them at -3, under -2.
    expect(broadcastAudioFilter(measured(-23, -12))).toBe('highpass=f=80,aformat=channel_layouts=stereo,volume=9.00dB,aresample=48000');
  });

  it('lets loudnorm limit when the gain would push the peaks over the ceiling', () => {
    // +9 dB on peaks at -6 would reach +3 dBTP.
    const filter = broadcastAudioFilter(measured(-23, -6));
    expect(filter).toMatch(/^highpass=f=80,aformat=channel_layouts=stereo,loudnorm=I=-14:TP=-2:LRA=11:measured_I=-23\.00:measured_TP=-6\.00:.*:linear=true,aresample=48000$/);
  });

  it('only high-passes and resamples silence', () => {
    expect(broadcastAudioFilter(measured(-Infinity, -Infinity))).toBe('highpass=f=80,aformat=channel_layouts=stereo,aresample=48000');
    expect(broadcastAudioFilter(measured(-75, -60))).toBe('highpass=f=80,aformat=channel_layouts=stereo,aresample=48000');
  });
});
