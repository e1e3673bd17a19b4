import { ErrorCode, Subjects, type AdminUserSearchRequest, type AdminUserSummary, type AuthUser, type UpsertUserRequest } from '@lipcast/contracts';
import { startServiceForTest, type RunningService } from '@lipcast/nest-kit';
import { authService } from '../service';

const issuer = `https://issuer.test/admin-search/${Date.now()}`;
/** In every name and address made here, so a search finds only this run's users. */
const marker = `srch${Date.now().toString(36)}`;

describe('auth.admin.users.search (the operator console lookup)', () => {
  let running: RunningService;
  const upsert = (request: Omit<UpsertUserRequest, 'issuer'>) => running.client.send(Subjects.auth.userUpsert, { issuer, ...request });
  const search = (request: AdminUserSearchRequest) => running.client.send(Subjects.auth.adminUsersSearch, request);
  const usernames = (users: AdminUserSummary[]) => users.map((user) => user.username);

  let ada: AuthUser;
  let percent: AuthUser;

  beforeAll(async () => {
    running = await startServiceForTest(authService);
    ada = await upsert({ subject: 'ada', username: `Ada_${marker}`, email: `ada.${marker}@Example.com` });
    percent = await upsert({ subject: 'percent', username: `full_100%_${marker}` });
    await upsert({ subject: 'plain', username: `plain${marker}`, email: `plain.${marker}@example.com` });
  });
  afterAll(() => running.close());

  it('finds a user by id, in any letter case, with what the console shows', async () => {
    const [found, ...others] = await search({ query: ` ${ada.id.toUpperCase()} ` });
    expect(others).toEqual([]);
    expect(found).toEqual({ id: ada.id, username: `Ada_${marker}`, email: `ada.${marker}@Example.com`, createdAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(found.createdAt))).toBe(false);
  });

  it('matches part of a username or an e-mail address, ignoring case', async () => {
    expect(usernames(await search({ query: `ADA_${marker.toUpperCase()}` }))).toEqual([`Ada_${marker}`]);
    expect(usernames(await search({ query: `plain.${marker}@EXAMPLE` }))).toEqual([`plain${marker}`]);
  });

  it('takes % and _ as the characters typed, not as wildcards', async () => {
    expect(usernames(await search({ query: `_100%_${marker}` }))).toEqual([percent.username]);
    // As wildcards, `_` would match the `a` of "plain" and `%` anything.
    expect(await search({ query: `pl_in%${marker}` })).toEqual([]);
  });

  it('names the users of a list of ids (the gateway naming a page of jobs), leaving out unknown ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const named = await search({ query: '', ids: [ada.id.toUpperCase(), percent.id, unknown] });
    expect(named.map((user) => user.id).sort()).toEqual([ada.id, percent.id].sort());
    expect(named.find((user) => user.id === ada.id)).toEqual({ id: ada.id, username: `Ada_${marker}`, email: `ada.${marker}@Example.com`, createdAt: expect.any(String) });
    // The query still narrows them; no ids, no users.
    expect(usernames(await search({ query: 'ADA_', ids: [ada.id, percent.id] }))).toEqual([`Ada_${marker}`]);
    expect(await search({ query: '', ids: [] })).toEqual([]);
  });

  it('refuses ids that are not user ids', async () => {
    await expect(search({ query: '', ids: ['not-a-uuid'] })).rejects.toMatchObject({ code: ErrorCode.Validation });
  });

  it('lists the newest first, as many as asked', async () => {
    const all = await search({ query: marker });
    expect(all).toHaveLength(3);
    const createdAt = all.map((user) => user.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    expect(await search({ query: marker, limit: 2 })).toEqual(all.slice(0, 2));
  });
});
