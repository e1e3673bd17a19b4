import { declaredSubjects, type ContractSubject, type DeclaredSubject } from './subject-contracts';

// The type-check fails here when subjects.ts gains a subject SubjectContracts lacks, or the other way round.
type Missing = Exclude<DeclaredSubject, ContractSubject>;
type Unknown = Exclude<ContractSubject, DeclaredSubject>;
const everySubjectHasAContract: [Missing, Unknown] extends [never, never] ? true : false = true;

describe('SubjectContracts', () => {
  it('has an entry for each request/reply subject of subjects.ts and no other (checked by the type-check)', () => {
    expect(everySubjectHasAContract).toBe(true);
    expect(declaredSubjects()).toEqual(expect.arrayContaining(['auth.health.ping.v1', 'billing.credits.reserve.v1', 'generation.admin.gallery.withdraw.v1']));
  });
});
