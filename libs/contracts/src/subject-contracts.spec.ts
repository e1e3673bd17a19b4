import { contractSubjectOf, DECLARED_EVENTS, declaredSubjects, type ContractSubject, type DeclaredSubject, type EventContracts } from './subject-contracts';

// The type-check fails here when subjects.ts gains a subject SubjectContracts lacks, or the other way round.
type Missing = Exclude<DeclaredSubject, ContractSubject>;
type Unknown = Exclude<ContractSubject, DeclaredSubject>;
const everySubjectHasAContract: [Missing, Unknown] extends [never, never] ? true : false = true;
// And here when an event of EventContracts is not declared, or the other way round.
type DeclaredEvent = (typeof DECLARED_EVENTS)[number];
const everyEventIsDeclared: [Exclude<keyof EventContracts, DeclaredEvent>, Exclude<DeclaredEvent, keyof EventContracts>] extends [never, never] ? true : false = true;

describe('SubjectContracts', () => {
  it('has an entry for each request/reply subject of subjects.ts and no other (checked by the type-check)', () => {
    expect(everySubjectHasAContract).toBe(true);
    expect(declaredSubjects()).toEqual(expect.arrayContaining(['auth.health.ping.v1', 'billing.credits.reserve.v1', 'generation.admin.gallery.decide.v1']));
  });
});

describe('EventContracts', () => {
  it('declares every event (checked by the type-check), and checks a job\'s event subject against its family', () => {
    expect(everyEventIsDeclared).toBe(true);
    expect(contractSubjectOf('generation.job.progressed.v1.3f2a')).toBe('generation.job.progressed.v1');
    expect(contractSubjectOf('generation.job.stop.v1.3f2a')).toBe('generation.job.stop.v1');
    expect(contractSubjectOf('generation.job.cancel.v1')).toBe('generation.job.cancel.v1');
    expect(contractSubjectOf('billing.credits.reserve.v1')).toBe('billing.credits.reserve.v1');
  });
});
