import { fireEvent, screen } from '@testing-library/react';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
import { actor, bodyOf, renderVideoStep } from '../testing/video-step';

const RESULT = '/api/media/users/u1/jobs/j1/video.mp4';
const CAPTIONS = { vttUrl: '/api/media/users/u1/jobs/j1/captions.vtt', srtUrl: '/api/media/users/u1/jobs/j1/captions.srt' };

describe('captions in step 3', () => {
  beforeEach(() => {
    HTMLElement.prototype.scrollIntoView = jest.fn();
  });

  it('sends the chosen burned-in style; the result has the captions track (off: its captions say they are in the picture), its toggle and downloads', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT, captions: { ...CAPTIONS, burnedIn: true } } } });
    renderVideoStep();
    fireEvent.click(screen.getByRole('radio', { name: 'Bold, word by word' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));

    const video = (await screen.findByRole('link', { name: 'Download Video' })).getAttribute('download')!.replace(/\.mp4$/, '');
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0])).toMatchObject({ captions: 'bold' });
    expect(document.querySelector('video > track[kind="captions"]')!.getAttribute('src')).toBe(CAPTIONS.vttUrl);
    expect(screen.getByRole('button', { name: 'Show captions' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Captions (SRT)' }).getAttribute('download')).toBe(`${video}.srt`);
    expect(screen.getByRole('link', { name: 'Captions (VTT)' }).getAttribute('href')).toBe(`${CAPTIONS.vttUrl}?download=${video}.vtt`);
  });

  it('sends no choice when captions are not burned in (the default), and shows the track at once', async () => {
    const api = fakeApi({ 'POST /api/replicate/lipsync': { body: { url: RESULT, captions: CAPTIONS } } });
    renderVideoStep();
    expect(screen.getByRole('radio', { name: /Not burned in/ })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await screen.findByRole('link', { name: 'Download Video' });
    expect(bodyOf(callsTo(api, 'POST /api/replicate/lipsync')[0])).not.toHaveProperty('captions');
    expect(screen.getByRole('button', { name: 'Hide captions' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('starts on the style the Creator chose for its influencer', () => {
    renderVideoStep({ ...actor, captions: 'boxed' });
    expect(screen.getByRole('radio', { name: 'Boxed' })).toHaveProperty('checked', true);
  });
});
