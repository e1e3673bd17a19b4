import { ErrorCode, Subjects, type UpsertUserRequest } from '@lipcast/contracts';
import { startServiceForTest, type RunningService, type ServiceClient } from '@lipcast/nest-kit';
import { authService } from '../service';

const issuer = `https://issuer.test/${Date.now()}`;

describe('auth users over NATS', () => {
  let running: RunningService;
  let client: ServiceClient;
  const upsert = (request: UpsertUserRequest) => client.send(Subjects.auth.userUpsert, request);

  beforeAll(async () => {
    running = await startServiceForTest(authService);
    client = running.client;
  });
  afterAll(() => running.close());

  it('creates a user on first sign-in and finds the same user after, with fresh claims', async () => {
    const first = await upsert({ issuer, subject: 'sub-1', username: 'ada', email: 'ada@lipcast.local' });
    expect(first).toMatchObject({ username: 'ada', email: 'ada@lipcast.local', profileImageUrl: null });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await upsert({ issuer, subject: 'sub-1', username: 'Ada L.', email: 'ada@example.com' });
    expect(again).toMatchObject({ id: first.id, username: 'Ada L.', email: 'ada@example.com' });
    expect(await client.send(Subjects.auth.userGet, { id: first.id })).toEqual(again);
  });

  it('keeps identities apart: the same subject at another issuer is another user', async () => {
    const here = await upsert({ issuer, subject: 'sub-2', username: 'grace' });
    const elsewhere = await upsert({ issuer: `${issuer}/other`, subject: 'sub-2', username: 'grace' });
    expect(elsewhere.id).not.toBe(here.id);
  });

  it('makes one user when two first sign-ins race', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => upsert({ issuer, subject: 'sub-race', username: 'racer' })));
    expect(new Set(users.map((user) => user.id)).size).toBe(1);
  });

  it('deletes a user (account deletion), again without error; the identity signing in later is a new user', async () => {
    const user = await upsert({ issuer, subject: 'sub-gone', username: 'leaving' });
    expect(await client.send(Subjects.auth.userDelete, { userId: user.id })).toEqual({ deleted: true });
    await expect(client.send(Subjects.auth.userGet, { id: user.id })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(await client.send(Subjects.auth.userDelete, { userId: user.id })).toEqual({ deleted: true });
    expect((await upsert({ issuer, subject: 'sub-gone', username: 'leaving' })).id).not.toBe(user.id);
  });

  it('refuses bad input and answers NOT_FOUND for an unknown id', async () => {
    await expect(upsert({ issuer, subject: '', username: 'x' })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(upsert({ issuer, subject: 's', username: 'x', email: 'not-an-email' })).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(client.send(Subjects.auth.userGet, { id: crypto.randomUUID() })).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
