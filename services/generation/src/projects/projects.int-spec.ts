import { ErrorCode, PROJECT_TITLE, Subjects } from '@lipcast/contracts';
import { startTestBed, type TestBed } from '../testing';

jest.setTimeout(30_000);

/** Naming one's videos on /projects (issue 37, item 9), over NATS as the gateway asks. */
describe('generation service: a history item has a name its owner gives it', () => {
  let bed: TestBed;
  const send: TestBed['send'] = (subject, data) => bed.send(subject, data);
  const newUser = () => crypto.randomUUID();

  beforeAll(async () => (bed = await startTestBed()), 60_000);
  afterAll(() => bed?.close());

  it('renames the owner\'s item (trimmed, listed under it), a blank name removes it, and nobody else can', async () => {
    const owner = newUser();
    await send(Subjects.generation.audioCreate, { userId: owner, text: 'A name for this one.', voice_id: 'Friendly_Person' });
    const [project] = await send(Subjects.generation.projectsList, { userId: owner });
    expect(project.title).toBeNull();

    expect(await send(Subjects.generation.projectRename, { userId: owner, projectId: project.id, title: '  Spring teaser  ' })).toMatchObject({ id: project.id, title: 'Spring teaser' });
    expect((await send(Subjects.generation.projectsList, { userId: owner }))[0]).toMatchObject({ id: project.id, title: 'Spring teaser' });

    await expect(send(Subjects.generation.projectRename, { userId: newUser(), projectId: project.id, title: 'Mine now' })).rejects.toMatchObject({ code: ErrorCode.NotFound });
    await expect(send(Subjects.generation.projectRename, { userId: owner, projectId: project.id, title: 'x'.repeat(PROJECT_TITLE.max + 1) })).rejects.toMatchObject({
      code: ErrorCode.Validation,
      message: expect.stringContaining(PROJECT_TITLE.messages.max),
    });
    expect((await send(Subjects.generation.projectsList, { userId: owner }))[0].title).toBe('Spring teaser');

    expect(await send(Subjects.generation.projectRename, { userId: owner, projectId: project.id, title: '   ' })).toMatchObject({ title: null });
  });
});
