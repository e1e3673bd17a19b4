import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LIKENESS_CONSENT_TEXT, PHOTO_CONSENT_MESSAGE } from '@lipcast/contracts';
import { callsTo, fakeApi } from '@lipcast/web-kit/testing';
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
const clip = '/api/media/users/u1/jobs/j1/clip.mp4';

describe('The Creator asks for the likeness consent at every upload (issue 35)', () => {
  beforeEach(() => localStorage.clear()); // the portrait an earlier test drew is kept as a draft
  it('does not send an uploaded picture until the required box is ticked, says why beside it, then sends consent: true', async () => {
    const fetchMock = fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/check-image': { body: { ok: true } },
      'POST /api/ai-influencer/video': { body: { url: clip } },
    });
    renderCreator();
    choose(picture());

    const box = await photoConsent();
    expect(box.required).toBe(true);
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    expect(await screen.findByText(PHOTO_CONSENT_MESSAGE)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(PHOTO_CONSENT_MESSAGE);
    expect(document.activeElement).toBe(box);
    expect(callsTo(fetchMock, 'POST /api/ai-influencer/video')).toEqual([]);

    fireEvent.click(box);
    expect(screen.queryByText(PHOTO_CONSENT_MESSAGE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ai-influencer/video')).toHaveLength(1));
    const [sent] = callsTo(fetchMock, 'POST /api/ai-influencer/video');
    expect(JSON.parse(String(sent.body))).toMatchObject({ image: expect.stringMatching(/^data:image\/jpeg;base64,/), consent: true });
  });

  it("shows the server's refusal of the consent beside the box", async () => {
    fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/check-image': { body: { ok: true } },
      'POST /api/ai-influencer/video': { status: 400, body: { message: PHOTO_CONSENT_MESSAGE, details: { fields: { consent: [PHOTO_CONSENT_MESSAGE] } } } },
    });
    renderCreator();
    choose(picture());
    fireEvent.click(await photoConsent());
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));

    expect(await screen.findByText(PHOTO_CONSENT_MESSAGE)).toBeTruthy();
  });

  it('asks again for the next picture, and not for a portrait the server drew', async () => {
    const fetchMock = fakeApi({
      'GET /api/ai-influencer/projects': { body: [] },
      'POST /api/ai-influencer/check-image': { body: { ok: true } },
      'POST /api/ai-influencer/image': { body: { url: '/api/media/users/u1/influencers/4/image.jpg', id: 4, imageKind: 'illustration' } },
      'POST /api/ai-influencer/video?projectId=4': { body: { url: clip } },
    });
    renderCreator();
    choose(picture());
    fireEvent.click(await photoConsent());
    choose(picture());
    await waitFor(() => expect(photoConsentBox()?.checked).toBe(false));

    fireEvent.change(screen.getByLabelText('Image description'), { target: { value: 'A young woman with red hair in a sunny kitchen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    await waitFor(() => expect(photoConsentBox()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ai-influencer/video?projectId=4')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/ai-influencer/video?projectId=4')[0].body))).not.toHaveProperty('consent');
  });
});
