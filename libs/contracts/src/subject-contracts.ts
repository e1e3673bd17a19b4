/**
 * The subjects of subjects.ts at run time, for the checks that hold the contracts to them: the
 * JSON Schemas in libs/contracts/schemas/nats/ are generated from the same table (tools/contracts),
 * `npm test` refuses a change to a published `.vN` that an older caller or service would not
 * understand, and the integration tests check every request and reply against them
 * (ARCHITECTURE.md, "NATS contracts").
 */
import { Events, Subjects } from './subjects';

/** The subject names of a table of subjects.ts (its leaves). */
function leaves(table: object): string[] {
  return Object.values(table).flatMap((entry: unknown) => (typeof entry === 'string' ? [entry] : leaves(entry as object)));
}

/** Every request/reply subject of subjects.ts (the readiness pings included). */
export function declaredSubjects(): string[] {
  return leaves(Subjects);
}

/** Every event of subjects.ts; a job's events are `<event>.<jobId>`. */
export const DECLARED_EVENTS: readonly string[] = leaves(Events);

/** The contract a subject is checked against: its own, or its event family's (`generation.job.progressed.v1.<jobId>`). */
export function contractSubjectOf(subject: string): string {
  const stem = subject.slice(0, subject.lastIndexOf('.'));
  return DECLARED_EVENTS.includes(stem) ? stem : subject;
}
