import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contractSubjectOf, schemaViolations, type SubjectSchema } from '@lipcast/contracts';

/**
 * The NATS contract check of the integration tests (ARCHITECTURE.md, "NATS contracts"): with
 * LIPCAST_CONTRACT_CHECK=1 (set by tools/lib/integration.ts) the caller and the service both check
 * every request they see answered and every reply against the subject's checked-in schema, and the
 * publisher and every subscriber each event, so both sides are held to the same file. Off in
 * production: nothing is read or compared.
 */
export const CONTRACT_CHECK_ENV = 'LIPCAST_CONTRACT_CHECK';

const contractCheckOn = () => process.env[CONTRACT_CHECK_ENV] === '1';

/** A message that does not match its subject's contract. */
export class ContractViolation extends Error {}

let schemasDirectory: string | undefined;
const schemas = new Map<string, SubjectSchema | null>();

/** The subject's contract file, read once; null for a subject without one (a test's own subject). */
function schemaOf(subject: string): SubjectSchema | null {
  if (!schemas.has(subject)) {
    schemasDirectory ??= join(dirname(require.resolve('@lipcast/contracts/package.json')), 'schemas/nats');
    const file = join(schemasDirectory, `${subject}.json`);
    schemas.set(subject, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SubjectSchema) : null);
  }
  return schemas.get(subject)!;
}

/**
 * With the check on, throws a `ContractViolation` (and prints it, since a caller may turn it into
 * a plain 500) when the request or the reply of an answered message is off its contract. A
 * request the service refused is not checked: refusing bad input is the service's own job.
 */
export function checkContract(subject: string, side: 'caller' | 'service' | 'publisher' | 'subscriber', request: unknown, reply: unknown): void {
  if (!contractCheckOn()) return;
  const schema = schemaOf(contractSubjectOf(subject));
  if (!schema) return;
  // As the message travels: JSON drops undefined fields and turns dates into strings.
  const asSent = (value: unknown) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));
  const problems = [
    // A service reads null in an optional request field as absent (class-validator's @IsOptional), and callers rely on it.
    ...schemaViolations(schema.request, schema.definitions, asSent(request), 'request', { nullAsAbsent: true }),
    ...schemaViolations(schema.reply, schema.definitions, asSent(reply) ?? null, 'reply'),
  ];
  if (problems.length === 0) return;
  const violation = new ContractViolation(`NATS contract violation on ${subject} (seen by the ${side}; libs/contracts/schemas/nats/${contractSubjectOf(subject)}.json):\n  ${problems.join('\n  ')}`);
  console.error(violation.message);
  throw violation;
}
