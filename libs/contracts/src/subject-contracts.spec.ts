import { contractSubjectOf, DECLARED_EVENTS, declaredSubjects } from './subject-contracts';
import { Events, Subjects } from './subjects';
import type { EventSubject, Subject } from './typed-subject';

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
// The type-check fails here when an entry of `Subjects` is not a request/reply subject with its
// contract (`subject<Request, Reply>()`), or one of `Events` not an event with its payload.
const everySubjectHasAContract: Leaves<typeof Subjects> extends Subject ? true : false = true;
const everyEventHasAPayload: Leaves<typeof Events> extends EventSubject ? true : false = true;

describe('the table of subjects (subjects.ts)', () => {
  it('gives each request/reply subject its contract (checked by the type-check), the readiness pings included', () => {
    expect(everySubjectHasAContract).toBe(true);
    expect(declaredSubjects()).toEqual(expect.arrayContaining(['auth.health.ping.v1', 'billing.credits.reserve.v1', 'generation.admin.gallery.decide.v1']));
  });

  it('names each subject once, under its service, as `<service>.<…>.v<N>`', () => {
    const names = [...declaredSubjects(), ...DECLARED_EVENTS];
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    for (const [service, subjects] of [...Object.entries(Subjects), ...Object.entries(Events)]) {
      for (const name of Object.values(subjects)) expect(name).toMatch(new RegExp(`^${service}\\.[A-Za-z.]+\\.v\\d+$`));
    }
  });
});

describe('the events', () => {
  it('declares every event (checked by the type-check), and checks a job\'s event subject against its family', () => {
    expect(everyEventHasAPayload).toBe(true);
    expect(DECLARED_EVENTS).toEqual(['auth.apiKeys.invalidated.v1', 'generation.job.progressed.v1', 'generation.job.stop.v1']);
    expect(contractSubjectOf('auth.apiKeys.invalidated.v1')).toBe('auth.apiKeys.invalidated.v1');
    expect(contractSubjectOf('generation.job.progressed.v1.3f2a')).toBe('generation.job.progressed.v1');
    expect(contractSubjectOf('generation.job.stop.v1.3f2a')).toBe('generation.job.stop.v1');
    expect(contractSubjectOf('generation.job.cancel.v1')).toBe('generation.job.cancel.v1');
    expect(contractSubjectOf('billing.credits.reserve.v1')).toBe('billing.credits.reserve.v1');
  });
});
