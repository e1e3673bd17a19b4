/**
 * The NATS contracts checked in under libs/contracts/schemas/nats/ are the ones the TypeScript
 * types describe now, cover every request/reply subject, and change only in ways a caller or
 * service of the same `.vN` still understands (ARCHITECTURE.md, "NATS contracts").
 */
import { rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { DECLARED_EVENTS, declaredSubjects, type SubjectSchema } from '@lipcast/contracts';
import { incompatibilities } from './compat.ts';
import { contractFile, formatContract, generateSubjectSchemas, readCheckedInContracts } from './schemas.ts';

const REGENERATE = 'UPDATE_CONTRACTS=1 NODE_OPTIONS=--experimental-vm-modules npx jest tools/contracts/contracts.spec.ts --selectProjects unit';
const UPDATING = process.env.UPDATE_CONTRACTS === '1';

describe('the NATS contracts', () => {
  let generated: SubjectSchema[];
  let checkedIn: Map<string, string>;

  beforeAll(() => {
    generated = generateSubjectSchemas();
    checkedIn = readCheckedInContracts();
  }, 60_000);

  /** Problems of each subject whose new schema would break a caller or the service of its published version. */
  const breakingChanges = () =>
    generated.flatMap((schema) => {
      const published = checkedIn.get(schema.subject);
      return published === undefined ? [] : incompatibilities(JSON.parse(published) as SubjectSchema, schema).map((problem) => `${schema.subject} ${problem}`);
    });

  it('covers every request/reply subject of subjects.ts and every event (SubjectContracts and EventContracts)', () => {
    expect(generated.map((schema) => schema.subject).sort()).toEqual([...declaredSubjects(), ...DECLARED_EVENTS].sort());
  });

  it('changes no published subject in a way its callers or service would not understand', () => {
    const problems = breakingChanges();
    if (problems.length > 0) {
      throw new Error(`Not backward compatible with the published contracts:\n  ${problems.join('\n  ')}\nPublish the change as a new version of the subject (.v2 next to .v1, ARCHITECTURE.md "NATS contracts").`);
    }
  });

  it('are checked in as the types generate them (a contract change is a visible diff)', () => {
    if (UPDATING) {
      const breaking = new Set(breakingChanges().map((problem) => problem.split(' ')[0]));
      for (const schema of generated) if (!breaking.has(schema.subject)) writeFileSync(contractFile(schema.subject), formatContract(schema));
      const current = new Set(generated.map((schema) => schema.subject));
      for (const subject of checkedIn.keys()) if (!current.has(subject)) rmSync(contractFile(subject)); // a retired version
      checkedIn = readCheckedInContracts();
    }
    const stale = generated.filter((schema) => checkedIn.get(schema.subject) !== formatContract(schema)).map((schema) => relative(process.cwd(), contractFile(schema.subject)));
    const retired = [...checkedIn.keys()].filter((subject) => !generated.some((schema) => schema.subject === subject)).map((subject) => relative(process.cwd(), contractFile(subject)));
    if (stale.length + retired.length > 0) {
      throw new Error(
        `The checked-in NATS contracts differ from the types:${stale.map((file) => `\n  ${file} (changed or new)`).join('')}${retired.map((file) => `\n  ${file} (its subject is gone)`).join('')}\nIf the change is intended, regenerate them with\n  ${REGENERATE}\nand commit the diff.`,
      );
    }
  });
});
