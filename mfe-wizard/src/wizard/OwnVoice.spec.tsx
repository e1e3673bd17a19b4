import { act, fireEvent, render, screen } from '@testing-library/react';
import { AudioUploadMessages, VOICE_CONSENT_TEXT, type AudioUploadAnswer } from '@lipcast/contracts';
import { fakeApi, installFakeUpload, renderWithQueries } from '@lipcast/web-kit/testing';
import { AudioStep, OWN_VOICE } from './AudioStep';
import { MICROPHONE_REFUSED_MESSAGE, OwnVoice } from './OwnVoice';

/** The browser's recorder as the page uses it: start, stop (one chunk of the recording), its type. */
class FakeMediaRecorder {
  static last: FakeMediaRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType = 'audio/webm;codecs=opus';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;

  constructor(readonly stream: unknown) {
    FakeMediaRecorder.last = this;
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['my voice'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** A microphone heard at a steady level (every sample 0.25 above the middle). */
class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 0, getByteTimeDomainData: (samples: Uint8Array) => samples.fill(160) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

const ANSWER: AudioUploadAnswer = { url: '/api/media/users/u1/audio/voice.mp3', durationSeconds: 7.2, captions: 'typed' };
let microphone: { stop: jest.Mock };
let getUserMedia: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  microphone = { stop: jest.fn() };
  getUserMedia = jest.fn().mockResolvedValue({ getTracks: () => [microphone] });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  Object.assign(globalThis, { MediaRecorder: FakeMediaRecorder, AudioContext: FakeAudioContext });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:recording'), revokeObjectURL: jest.fn() });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderVoice(text = '') {
  const onUploaded = jest.fn();
  const onLength = jest.fn();
  render(<OwnVoice text={text} onLength={onLength} onUploaded={onUploaded} />);
  return { onUploaded, onLength };
}

async function record(seconds: number) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start recording' })));
  act(() => jest.advanceTimersByTime(seconds * 1000));
}

const status = () => screen.getByRole('status').textContent;

describe(OwnVoice.name, () => {
  it('records with the elapsed time and a level meter, plays it back, and records again', async () => {
    const { onLength } = renderVoice();

    await record(7);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.last?.state).toBe('recording');
    expect(status()).toBe('Recording. It stops by itself at 1:00.');
    expect(screen.getByRole('timer', { name: 'Elapsed time' }).textContent).toBe('0:07 / 1:00');
    expect(Number(screen.getByLabelText('Microphone level').getAttribute('value'))).toBeGreaterThan(0.5);

    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(microphone.stop).toHaveBeenCalled();
    expect(status()).toBe('Recorded 0:07. Play it back, record again or use it.');
    expect(screen.getByLabelText('Your recording').getAttribute('src')).toBe('blob:recording');
    expect(onLength).toHaveBeenLastCalledWith(7);

    fireEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.queryByLabelText('Your recording')).toBeNull();
    expect(onLength).toHaveBeenLastCalledWith(null);
    expect((screen.getByRole('button', { name: 'Use this recording' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops by itself at 60 seconds', async () => {
    renderVoice();

    await record(61);

    expect(FakeMediaRecorder.last?.state).toBe('inactive');
    expect(status()).toBe('Recorded 1:00. Play it back, record again or use it.');
  });

  it('says so when the microphone is refused', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    renderVoice();

    await record(0);

    expect(screen.getByRole('alert').textContent).toBe(MICROPHONE_REFUSED_MESSAGE);
  });

  it('sends nothing until the consent is ticked, then uploads with progress and hands over the answer', async () => {
    const uploads = installFakeUpload();
    const { onUploaded } = renderVoice('Hello from me');
    await record(3);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));

    fireEvent.click(screen.getByRole('button', { name: 'Use this recording' }));
    const consent = screen.getByLabelText(VOICE_CONSENT_TEXT);
    expect(uploads).toHaveLength(0);
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(consent.getAttribute('aria-describedby')!)?.textContent).toBe(AudioUploadMessages.consent);
    expect(document.activeElement).toBe(consent);

    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Use this recording' }));
    const [upload] = uploads;
    expect(upload).toMatchObject({ method: 'POST', url: '/api/audio/uploads' });
    const sent = upload.body as FormData;
    expect([(sent.get('audio') as File).name, (sent.get('audio') as File).type, sent.get('consent'), sent.get('text')]).toEqual(['recording.webm', 'audio/webm;codecs=opus', 'true', 'Hello from me']);

    act(() => upload.progress(42, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    act(() => upload.sent());
    expect(status()).toBe('Converting your recording…');

    await act(async () => upload.respond({ status: 201, body: ANSWER }));
    expect(onUploaded).toHaveBeenCalledWith(ANSWER);
    expect(screen.getByText('Captions from your text')).toBeTruthy();
  });

  it("uploads a chosen file, says where its captions come from, and shows the server's refusal beside it", async () => {
    const uploads = installFakeUpload();
    const { onUploaded } = renderVoice();
    fireEvent.click(screen.getByRole('radio', { name: 'Upload audio' }));
    fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [new File(['…'], 'me.mp3', { type: 'audio/mpeg' })] } });
    fireEvent.click(screen.getByLabelText(VOICE_CONSENT_TEXT));

    fireEvent.click(screen.getByRole('button', { name: 'Upload audio' }));
    await act(async () => uploads[0].respond({ status: 400, body: { message: AudioUploadMessages.silent, details: { field: 'audio' } } }));
    const file = screen.getByLabelText('Audio file');
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(file.getAttribute('aria-describedby')!)?.textContent).toBe(AudioUploadMessages.silent);
    expect(onUploaded).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Upload audio' }));
    expect((uploads[1].body as FormData).get('text')).toBeNull();
    await act(async () => uploads[1].respond({ status: 201, body: { ...ANSWER, captions: 'transcribed' } }));
    expect(screen.getByText('Captions from a transcription of your recording')).toBeTruthy();
  });
});

describe('the audio step with your own voice', () => {
  const video = { id: 'a1', title: 'Host Maya', duration: 10, url: '/api/media/actors/maya/idle-v1.mp4', thumbnail: '/api/media/actors/maya/thumbnail-v1.jpg' };

  beforeEach(() => void jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)); // jsdom plays no media (the voice samples)
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });

  it("needs no dialogue, holds a recording to the clip's length as typed speech, and hands its audio to step 3", async () => {
    fakeApi({ 'GET /api/replicate/voices': { body: ['Friendly_Person'] } });
    const uploads = installFakeUpload();
    const onNext = jest.fn();
    renderWithQueries(<AudioStep video={video} initial={null} onBack={() => undefined} onNext={onNext} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Your own voice' }));
    expect(screen.getByLabelText('Dialogue (optional)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate Audio' })).toBeNull();

    await record(12);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(screen.getByTestId('dialogue-note').textContent).toBe('⚠ Audio Too Long. Your audio (12s) is longer than the video (10s). Please record a shorter message to match the video length.');

    fireEvent.click(screen.getByRole('button', { name: 'Retake' }));
    await record(6);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(screen.getByTestId('dialogue-note').textContent).not.toContain('Audio Too Long');
    expect(screen.getByText('Type what you say above to caption your video from your text')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(VOICE_CONSENT_TEXT));
    fireEvent.click(screen.getByRole('button', { name: 'Use this recording' }));
    await act(async () => uploads[0].respond({ status: 201, body: { ...ANSWER, durationSeconds: 6.1, captions: 'none' } }));
    expect(screen.getByText('This video will have no captions')).toBeTruthy();
    expect(screen.getByLabelText('Audio preview').getAttribute('src')).toBe(ANSWER.url);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith({ url: ANSWER.url, text: '', voice: OWN_VOICE, emotion: 'neutral', pitch: 0, speed: 1, recorded: { durationSeconds: 6.1, captions: 'none' } });
  });
});
