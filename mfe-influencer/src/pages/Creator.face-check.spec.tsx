import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FaceCheckMessages, LIKENESS_CONSENT_TEXT } from '@lipcast/contracts';
import { callsTo, fakeApi, type FakeReply } from '@lipcast/web-kit/testing';
import { renderCreator } from '../testing/render-pages';

const picture = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });
/** The photo's consent box (the own actor form below has a box of the same words). */
const photoConsentBox = () => screen.queryAllByRole<HTMLInputElement>('checkbox', { name: LIKENESS_CONSENT_TEXT }).find((box) => !box.closest('form')) ?? null;
const photoConsent = () =>
  waitFor(() => {
    const box = photoConsentBox();
    if (!box) throw new Error('No consent box beside the picture');
    return box;
  });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Image file to upload'), { target: { files: [file] } });

describe('The Creator and the check before charging (issue 23)', () => {
  beforeEach(() => localStorage.clear()); // the portrait an earlier test drew is kept as a draft
  it('checks a chosen picture at once and shows its refusal beside it, with Generate Video disabled', async () => {
    const message = FaceCheckMessages['no-face']('photo');
    let answer: (reply: FakeReply) => void = () => undefined;
    const fetchMock = fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/check-image': () => new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    renderCreator();
    choose(picture());

    // While the check runs, it says so (a live region) and nothing can be generated yet.
    expect((await screen.findByText('Checking the photo…')).closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate Video' })).toBeNull();
    const [check] = callsTo(fetchMock, 'POST /api/ai-influencer/check-image');
    expect(JSON.parse(String(check.body))).toEqual({ image: expect.stringMatching(/^data:image\/jpeg;base64,/) });

    answer({ body: { ok: false, reason: 'no-face', message } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No face found: use a photo with one clearly visible face.');
    expect(screen.queryByText('Checking the photo…')).toBeNull();
    expect(screen.queryByText('Are you happy with this image?')).toBeNull();
    expect(screen.getByText('This photo cannot be animated: choose another one.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate Video' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/ai-influencer/video')).toEqual([]);
  });

  it('offers the picture for its clip once the check accepts it', async () => {
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/check-image': { body: { ok: true } },
    });
    renderCreator();
    choose(picture());

    expect(await screen.findByText('Are you happy with this image?')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate Video' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("still shows the server's refusal at Generate Video beside the picture, saying the credit was not used", async () => {
    const message = FaceCheckMessages['no-face']('photo');
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/check-image': { body: { ok: true } },
      'POST /api/ai-influencer/video': { status: 400, body: { message, details: { field: 'image', faceCheck: 'no-face' } } },
    });
    renderCreator();
    choose(picture());
    fireEvent.click(await photoConsent());
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No face found: use a photo with one clearly visible face. Your credit was not used.');
    expect(screen.getByRole('button', { name: 'Generate Video' })).toBeTruthy();
  });
});
