import { fireEvent, render, screen } from '@testing-library/react';
import { CaptionsChoice } from './captions-choice';
import { VideoPlayer } from './video-player';

const SRC = '/api/media/users/u1/jobs/j1/video.mp4';
const CAPTIONS = { vttUrl: '/api/media/users/u1/jobs/j1/captions.vtt', srtUrl: '/api/media/users/u1/jobs/j1/captions.srt' };

describe('video player captions', () => {
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({ matches: false, media: query }) as MediaQueryList) as typeof window.matchMedia;
  });

  it('has no captions track or toggle for a video without captions', () => {
    render(<VideoPlayer src={SRC} downloadName="lipcast-1.mp4" />);
    expect(document.querySelector('track')).toBeNull();
    expect(screen.queryByRole('button', { name: /captions/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /Captions/ })).toBeNull();
  });

  it('names the captions downloads as asked', () => {
    render(<VideoPlayer src={SRC} captions={CAPTIONS} captionsFileName="lipsync-video-2026" />);
    expect(screen.getByRole('link', { name: 'Captions (VTT)' }).getAttribute('download')).toBe('lipsync-video-2026.vtt');
  });

  it('adds a captions track shown by default, and the toggle hides and shows it', () => {
    render(<VideoPlayer src={SRC} captions={CAPTIONS} />);
    const track = document.querySelector('video > track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe(CAPTIONS.vttUrl);
    expect(track.getAttribute('srclang')).toBe('en');
    expect(track.hasAttribute('default')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Hide captions' }));
    const toggle = screen.getByRole('button', { name: 'Show captions' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(document.querySelector('video > track')!.hasAttribute('default')).toBe(false);

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide captions' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts with the track off when asked (captions already burned in)', () => {
    render(<VideoPlayer src={SRC} captions={CAPTIONS} captionsOn={false} />);
    expect(screen.getByRole('button', { name: 'Show captions' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('offers the captions as SRT and VTT downloads named like the video', () => {
    render(<VideoPlayer src={SRC} captions={CAPTIONS} downloadName="lipcast-7-9x16-1080p.mp4" />);
    const srt = screen.getByRole('link', { name: 'Captions (SRT)' });
    expect(srt.getAttribute('href')).toBe(`${CAPTIONS.srtUrl}?download=lipcast-7-9x16-1080p.srt`);
    expect(srt.getAttribute('download')).toBe('lipcast-7-9x16-1080p.srt');
    expect(screen.getByRole('link', { name: 'Captions (VTT)' }).getAttribute('href')).toBe(`${CAPTIONS.vttUrl}?download=lipcast-7-9x16-1080p.vtt`);
  });
});

describe(CaptionsChoice.name, () => {
  it('offers every style as a labelled radio, the chosen one checked, and reports a change', () => {
    const onChange = jest.fn();
    render(<CaptionsChoice value="none" onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Burned-in captions' });
    expect(group).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Not burned in/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['none', 'clean', 'bold', 'boxed']);
    fireEvent.click(screen.getByRole('radio', { name: 'Bold, word by word' }));
    expect(onChange).toHaveBeenCalledWith('bold');
  });

  it('cannot be changed while disabled', () => {
    render(<CaptionsChoice value="boxed" onChange={() => undefined} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });
});
