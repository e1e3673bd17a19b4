import { API_ROUTES, OwnActorMessages } from '@lipcast/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, RATE_LIMIT_MESSAGE } from './api';
import { noteSessionProbe, registerSessionExpiredHandler } from './session';
import { installFakeUpload } from './testing/fake-upload';
import { uploadWithProgress } from './upload';

const ACTOR = { id: 'a1', name: 'Me', url: '/api/media/users/u1/actors/a1/clip.mp4' };

function clipForm(): FormData {
  const form = new FormData();
  form.append('clip', new File([new Uint8Array([0, 0, 0, 24])], 'me.mp4', { type: 'video/mp4' }));
  form.append('name', 'Me');
  form.append('consent', 'true');
  return form;
}

async function errorFrom(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the upload to fail');
}

afterEach(() => {
  noteSessionProbe(false);
  jest.restoreAllMocks();
});

describe(uploadWithProgress.name, () => {
  it("sends the form to the route with the session cookie, reports the bytes sent in percent, and resolves with the route's answer", async () => {
    const requests = installFakeUpload();
    const form = clipForm();
    const progress: number[] = [];

    const answer = uploadWithProgress(API_ROUTES.createOwnActor, form, (percent) => progress.push(percent));
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/actors/own', withCredentials: true });
    expect(request.body).toBe(form);
    request.progress(0, 0); // a length the browser does not know yet says nothing
    request.progress(1, 3);
    request.progress(3, 3);
    request.sent();
    request.respond({ status: 201, body: ACTOR });

    await expect(answer).resolves.toEqual(ACTOR);
    expect(progress).toEqual([33, 100, 100]);
  });

  it("raises the server's refusal as ApiError with its message and body, as callApi does", async () => {
    const requests = installFakeUpload();
    const answer = uploadWithProgress(API_ROUTES.createOwnActor, clipForm(), () => undefined);
    const refusal = { message: OwnActorMessages.tooLarge(200), details: { field: 'clip' } };
    requests[0].respond({ status: 413, statusText: 'Payload Too Large', body: refusal });

    const error = await errorFrom(answer);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('This video is too large: upload a clip of at most 200 MB.');
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).body).toEqual(refusal);
  });

  it('says the rate limit in its usual words', async () => {
    const requests = installFakeUpload();
    const answer = uploadWithProgress(API_ROUTES.createOwnActor, clipForm(), () => undefined);
    requests[0].respond({ status: 429, statusText: 'Too Many Requests', body: { message: 'ThrottlerException: Too Many Requests' } });
    expect((await errorFrom(answer)).message).toBe(RATE_LIMIT_MESSAGE);
  });

  it("treats a signed-in user's 401 as an expired session, like any other call", async () => {
    const expired = jest.fn();
    const unregister = registerSessionExpiredHandler(expired);
    noteSessionProbe(true);
    const requests = installFakeUpload();
    const answer = uploadWithProgress(API_ROUTES.createOwnActor, clipForm(), () => undefined);
    requests[0].respond({ status: 401, statusText: 'Unauthorized', body: { message: 'Authentication required. Please sign in again.' } });

    const error = await errorFrom(answer);
    unregister();
    expect((error as ApiError).status).toBe(401);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('says the network failed when the server cannot be reached', async () => {
    const requests = installFakeUpload();
    const answer = uploadWithProgress(API_ROUTES.createOwnActor, clipForm(), () => undefined);
    requests[0].failNetwork();
    const error = await errorFrom(answer);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
