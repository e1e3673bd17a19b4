import { Subjects, type AdminAuditEntry, type AdminJobSummary, type AdminUserSummary } from '@lipcast/contracts';
import type { ServiceClient } from '@lipcast/nest-kit';
import type { CurrentUsers } from '../auth/current-users';
import type { MediaResponder } from '../media/media-responder';
import { AdminController } from './admin.controller';
import type { AuditLogRepository } from './audit-log.repository';

const ALICE = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const BOB = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const GONE = '00000000-0000-4000-8000-000000000000';
const JOB_ID = '0b7e9a52-3c1d-4e8f-9a6b-2d4c6e8f0a1b';

const user = (id: string, username: string, email: string | null = null): AdminUserSummary => ({ id, username, email, createdAt: '2026-11-01T00:00:00.000Z' });
const job = (userId: string): AdminJobSummary => ({
  id: JOB_ID, kind: 'lipsync', status: 'succeeded', userId, provider: 'embedded', progress: 100, error: null, createdAt: '2026-11-29T10:00:00.000Z', updatedAt: '2026-11-29T10:01:00.000Z',
});
const entry = (action: string, target: string): AdminAuditEntry => ({ id: `${action}-${target}`, at: '2026-11-29T10:00:00.000Z', operatorId: 'op', operatorName: 'grace', action, target, detail: {} });

/** The controller over fake services: `replies` answers each subject; the requests sent are recorded. */
function controllerWith(replies: Record<string, (request: unknown) => unknown>, audit: AdminAuditEntry[] = []) {
  const sent: { subject: string; request: unknown }[] = [];
  const services = {
    send: jest.fn(async (subject: { subject: string } | string, request: unknown) => {
      const name = typeof subject === 'string' ? subject : subject.subject;
      sent.push({ subject: name, request });
      const reply = replies[name];
      if (!reply) throw new Error(`No fake for ${name}`);
      return reply(request);
    }),
  } as unknown as ServiceClient;
  const auditLog = { list: jest.fn(async () => audit) } as unknown as AuditLogRepository;
  return { controller: new AdminController(services, auditLog, {} as CurrentUsers, {} as MediaResponder), sent };
}

const subjectName = (subject: unknown) => (typeof subject === 'string' ? subject : (subject as { subject: string }).subject);
const AUTH_SEARCH = subjectName(Subjects.auth.adminUsersSearch);
const JOBS_LIST = subjectName(Subjects.generation.adminJobsList);
const JOB_GET = subjectName(Subjects.generation.adminJobGet);
const RESERVATION_GET = subjectName(Subjects.billing.adminReservationGet);

describe('AdminController: users by name, not only by id (issue 37)', () => {
  it('names the user of each listed job (username, else e-mail) in one lookup, leaving a gone account unnamed', async () => {
    const { controller, sent } = controllerWith({
      [JOBS_LIST]: () => ({ jobs: [job(ALICE), job(BOB), job(ALICE), job(GONE)], nextCursor: 'next' }),
      [AUTH_SEARCH]: () => [user(ALICE, 'alice'), user(BOB, '', 'bob@example.com')],
    });

    const list = await controller.jobs({});

    expect(list.nextCursor).toBe('next');
    expect(list.jobs.map((listed) => listed.userName)).toEqual(['alice', 'bob@example.com', 'alice', undefined]);
    expect(list.jobs[3]).toEqual(job(GONE));
    const lookups = sent.filter((call) => call.subject === AUTH_SEARCH);
    expect(lookups).toEqual([{ subject: AUTH_SEARCH, request: { query: '', ids: [ALICE, BOB, GONE] } }]);
  });

  it("names a job's user in its details", async () => {
    const { controller } = controllerWith({
      [JOB_GET]: () => ({ ...job(ALICE), attempts: 1, traceId: null, timeline: [] }),
      [RESERVATION_GET]: () => null,
      [AUTH_SEARCH]: () => [user(ALICE, 'alice')],
    });

    expect(await controller.job(JOB_ID)).toMatchObject({ userId: ALICE, userName: 'alice', reservation: null });
  });

  it('keeps only the users asked for, and shows ids when auth cannot answer', async () => {
    const older = controllerWith({ [JOBS_LIST]: () => ({ jobs: [job(ALICE)], nextCursor: null }), [AUTH_SEARCH]: () => [user(BOB, 'bob')] });
    expect((await older.controller.jobs({})).jobs[0].userName).toBeUndefined();

    const down = controllerWith({
      [JOBS_LIST]: () => ({ jobs: [job(ALICE)], nextCursor: null }),
      [AUTH_SEARCH]: () => {
        throw new Error('timeout');
      },
    });
    expect((await down.controller.jobs({})).jobs).toEqual([job(ALICE)]);
  });

  it("names the user an audit entry's target is (credits), not a job's id", async () => {
    const { controller, sent } = controllerWith({ [AUTH_SEARCH]: () => [user(ALICE, 'alice')] }, [entry('credits.adjust', ALICE), entry('job.cancel', JOB_ID)]);

    const entries = await controller.auditLog({});

    expect(entries.map((listed) => listed.targetName)).toEqual(['alice', undefined]);
    expect(sent.filter((call) => call.subject === AUTH_SEARCH).map((call) => call.request)).toEqual([{ query: '', ids: [ALICE] }]);
  });
});
