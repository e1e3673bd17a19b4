import { act, fireEvent, render, screen } from '@testing-library/react';
import { LOAD_RETRY_MS, OFFLINE_TIP, VideoPlayer } from './video-player';

const SRC = '/api/media/users/u1/videos/v1.mp4';

function setPointer(coarse: boolean) {
  window.matchMedia = ((query: string) => ({ matches: coarse && query === '(pointer: coarse)', media: query }) as MediaQueryList) as typeof window.matchMedia;
}

describe(VideoPlayer.name, () => {
  beforeEach(() => setPointer(false));
  afterEach(() => jest.useRealTimers());

  it('says so when there is no video', () => {
    render(<VideoPlayer src={null} />);
    expect(screen.getByText('No video available')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows the error state with Retry, Download and the offline tip, and Retry brings the video back', () => {
    render(<VideoPlayer src={SRC} downloadName="lipsync-video-1.mp4" />);
    fireEvent.error(document.querySelector('video')!);
    expect(screen.getByRole('alert').textContent).toContain('Video playback error');
    expect(screen.getByText(OFFLINE_TIP)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`${SRC}?download=lipsync-video-1.mp4`);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(document.querySelector('video')!.getAttribute('src')).toBe(`${SRC}#t=0.1`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // How big the video is drawn is layout, which jsdom does not compute: fit="natural" (never upscaled, Download
  // in view) is measured in a browser by e2e/tests/result-view.spec.ts.

  it('shows the first frame as the poster when there is no poster image', () => {
    const { rerender } = render(<VideoPlayer src={SRC} />);
    expect(document.querySelector('video')!.getAttribute('src')).toBe(`${SRC}#t=0.1`);
    expect(document.querySelector('video')!.getAttribute('preload')).toBe('metadata');
    rerender(<VideoPlayer src={SRC} poster="/media/thumb.jpg" />);
    expect(document.querySelector('video')!.getAttribute('src')).toBe(SRC);
    expect(document.querySelector('video')!.getAttribute('poster')).toBe('/media/thumb.jpg');
  });

  it('offers "Download Video" with the given file name', () => {
    render(<VideoPlayer src={SRC} downloadName="lipsync-video-1.mp4" />);
    const link = screen.getByRole('link', { name: 'Download Video' });
    expect(link.getAttribute('download')).toBe('lipsync-video-1.mp4');
    // The media route answers it as an attachment of that name, also when the bytes come from the store's origin.
    expect(link.getAttribute('href')).toBe(`${SRC}?download=lipsync-video-1.mp4`);
  });

  it('starts loading again when nothing has loaded after 3 seconds', () => {
    jest.useFakeTimers();
    const load = jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    render(<VideoPlayer src={SRC} />);
    act(() => jest.advanceTimersByTime(LOAD_RETRY_MS - 1));
    expect(load).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRestore();
  });

  it('autoplays on desktop, but on mobile waits for the play overlay', () => {
    const { unmount } = render(<VideoPlayer src={SRC} autoPlay title="Result" />);
    expect((document.querySelector('video') as HTMLVideoElement).autoplay).toBe(true);
    expect(screen.queryByRole('button', { name: 'Play Result' })).toBeNull();
    unmount();

    setPointer(true);
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    render(<VideoPlayer src={SRC} autoPlay title="Result" />);
    expect((document.querySelector('video') as HTMLVideoElement).autoplay).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Play Result' }));
    expect(play).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Play Result' })).toBeNull();
    play.mockRestore();
  });
});
