import { act, fireEvent, screen, within } from '@testing-library/react';
import { LIKENESS_CONSENT_TEXT, OwnActorMessages, type OwnActor } from '@lipcast/contracts';
import { readSelectedInfluencer } from '@lipcast/web-kit';
import { callsTo, fakeApi, installFakeUpload } from '@lipcast/web-kit/testing';
import { renderCreator } from '../testing/render-pages';

const LIMITS = { minSeconds: 3, maxSeconds: 60, maxMegabytes: 200 };
const ACTOR: OwnActor = {
  id: '5b0c7c1e-0000-4000-8000-000000000001',
  name: 'Me at my desk',
  url: '/api/media/users/u1/actors/5b0c7c1e-0000-4000-8000-000000000001/clip.mp4',
  thumbnail: '/api/media/users/u1/actors/5b0c7c1e-0000-4000-8000-000000000001/thumbnail.jpg',
  durationSeconds: 12.6,
  width: 1080,
  height: 1920,
  createdAt: '2026-11-29T11:00:00.000Z',
  consent: { id: 'c1', subject: 'likeness', text: LIKENESS_CONSENT_TEXT, givenAt: '2026-11-29T11:00:00.000Z' },
};

const clip = () => new File([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])], 'me.mp4', { type: 'video/mp4' });
const form = () => within(screen.getByRole('form', { name: 'Upload your own actor' }));
/** The text a field's aria-describedby points at. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

function fillIn({ consent }: { consent: boolean }) {
  fireEvent.change(form().getByLabelText('Video clip'), { target: { files: [clip()] } });
  fireEvent.change(form().getByLabelText('Actor name'), { target: { value: 'Me at my desk' } });
  if (consent) fireEvent.click(form().getByLabelText(LIKENESS_CONSENT_TEXT));
  fireEvent.click(form().getByRole('button', { name: 'Upload clip' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

describe('The Creator: your own actor (issue 35)', () => {
  it('sends nothing until the consent is ticked, and says so beside the checkbox', async () => {
    fakeApi({ 'GET /api/ai-influencer/projects': { body: [] }, 'GET /api/actors/own': { body: { actors: [], limits: LIMITS } } });
    const uploads = installFakeUpload();
    renderCreator();
    expect(await screen.findByText('MP4, MOV or WebM, 3-60 s, up to 1080p and 200 MB', { exact: false })).toBeTruthy();

    fillIn({ consent: false });

    const checkbox = form().getByLabelText(LIKENESS_CONSENT_TEXT);
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(description(checkbox)).toBe(OwnActorMessages.consent);
    expect(document.activeElement).toBe(checkbox);
    expect(uploads).toHaveLength(0);
  });

  it('shows the upload progress, then the check, then the new actor with its still, name and length', async () => {
    fakeApi({ 'GET /api/ai-influencer/projects': { body: [] }, 'GET /api/actors/own': { body: { actors: [], limits: LIMITS } } });
    const uploads = installFakeUpload();
    renderCreator();
    await screen.findByText('MP4, MOV or WebM, 3-60 s, up to 1080p and 200 MB', { exact: false });

    fillIn({ consent: true });
    const [upload] = uploads;
    expect(upload).toMatchObject({ method: 'POST', url: '/api/actors/own' });
    const sent = upload.body as FormData;
    expect([(sent.get('clip') as File).name, sent.get('name'), sent.get('consent')]).toEqual(['me.mp4', 'Me at my desk', 'true']);

    act(() => upload.progress(42, 100));
    const bar = form().getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(form().getByText('42%')).toBeTruthy();

    act(() => upload.sent());
    expect(form().getByRole('status').textContent).toBe('Checking your clip…');
    expect(form().queryByRole('progressbar')).toBeNull();

    // The list read again after the upload has the new actor.
    fakeApi({ 'GET /api/ai-influencer/projects': { body: [] }, 'GET /api/actors/own': { body: { actors: [ACTOR], limits: LIMITS } } });
    act(() => upload.respond({ status: 201, body: ACTOR }));

    const card = await screen.findByRole('listitem', { name: 'Me at my desk' });
    const name = within(card).getByRole('heading', { name: 'Me at my desk' });
    expect(document.activeElement).toBe(name);
    expect(within(card).getByText('13 s clip')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe(ACTOR.thumbnail);
    expect(within(card).getByRole('button', { name: 'Delete Me at my desk' })).toBeTruthy();
    expect(form().getByRole('status').textContent).toBe('');

    // Its link starts the wizard's audio step with this actor's clip.
    fireEvent.click(within(card).getByRole('link', { name: 'Use in the video wizard' }));
    expect(readSelectedInfluencer()).toMatchObject({ id: `own:${ACTOR.id}`, title: 'Me at my desk', duration: 13, url: ACTOR.url });
  });

  it("shows the server's refusal of the clip beside the clip field and focuses it", async () => {
    fakeApi({ 'GET /api/ai-influencer/projects': { body: [] }, 'GET /api/actors/own': { body: { actors: [], limits: LIMITS } } });
    const uploads = installFakeUpload();
    renderCreator();
    await screen.findByText('MP4, MOV or WebM, 3-60 s, up to 1080p and 200 MB', { exact: false });

    fillIn({ consent: true });
    const message = 'No face found: use a video with one clearly visible face.';
    act(() => uploads[0].respond({ status: 400, statusText: 'Bad Request', body: { message, details: { field: 'clip', faceCheck: 'no-face' } } }));

    const field = form().getByLabelText('Video clip');
    expect((await form().findByRole('alert')).textContent).toBe(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toBe(`MP4, MOV or WebM, 3-60 s, up to 1080p and 200 MB. One person, face clearly visible, talking or still. | ${message}`);
    expect(document.activeElement).toBe(field);
    expect(form().getByLabelText('Actor name').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('listitem', { name: 'Me at my desk' })).toBeNull();
  });

  it("lists the creator's actors and says the server's limits", async () => {
    const fetchMock = fakeApi({ 'GET /api/ai-influencer/projects': { body: [] }, 'GET /api/actors/own': { body: { actors: [ACTOR], limits: { ...LIMITS, maxMegabytes: 100 } } } });
    renderCreator();
    expect(await screen.findByRole('listitem', { name: 'Me at my desk' })).toBeTruthy();
    expect(screen.getByText('MP4, MOV or WebM, 3-60 s, up to 1080p and 100 MB', { exact: false })).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/actors/own')).toHaveLength(1);
  });
});
