/** The contract check the services run (libs/contracts/src/schema-check.ts) agrees with Ajv on the checked-in schemas. */
import Ajv from 'ajv';
import { schemaViolations, type SubjectSchema } from '@lipcast/contracts';
import { readCheckedInContracts } from './schemas.ts';

const contracts = [...readCheckedInContracts().values()].map((text) => JSON.parse(text) as SubjectSchema & { $schema: string });
const ajv = new Ajv({ strict: false, allErrors: true });
const ajvAccepts = (contract: SubjectSchema, part: 'request' | 'reply', value: unknown) => ajv.compile({ definitions: contract.definitions, allOf: [contract[part]] })(value);
const byName = (subject: string) => contracts.find((contract) => contract.subject === subject)!;

describe('schemaViolations', () => {
  it('knows every keyword the checked-in contracts use (an unknown one would throw)', () => {
    for (const contract of contracts) {
      for (const part of ['request', 'reply'] as const) expect(() => schemaViolations(contract[part], contract.definitions, {}, part)).not.toThrow();
    }
  });

  const samples: [string, 'request' | 'reply', unknown][] = [
    ['billing.credits.reserve.v1', 'request', { userId: 'u', jobId: 'j' }],
    ['billing.credits.reserve.v1', 'request', { userId: 'u' }],
    ['billing.credits.reserve.v1', 'request', { userId: 'u', jobId: 1 }],
    ['billing.credits.reserve.v1', 'request', { userId: 'u', jobId: 'j', extra: true }],
    ['billing.credits.reserve.v1', 'reply', { jobId: 'j', userId: 'u', status: 'reserved', source: 'pack' }],
    ['billing.credits.reserve.v1', 'reply', { jobId: 'j', userId: 'u', status: 'held', source: 'pack' }],
    ['generation.pipeline.current.v1', 'reply', null],
    ['generation.pipeline.current.v1', 'reply', { id: 'j', kind: 'one_shot', status: 'running', progress: 0.5, url: null, error: null }],
    ['generation.pipeline.current.v1', 'reply', { id: 'j', kind: 'one_shot', status: 'running', progress: '50%', url: null, error: null }],
    ['billing.plans.list.v1', 'request', {}],
    ['billing.plans.list.v1', 'request', { page: 1 }],
    ['generation.voices.list.v1', 'reply', ['a', 'b']],
    ['generation.voices.list.v1', 'reply', ['a', 2]],
    ['billing.subscription.create.v1', 'reply', { url: 'https://checkout' }],
    ['billing.subscription.create.v1', 'reply', { clientSecret: 's' }],
    ['billing.subscription.create.v1', 'reply', { other: 's' }],
  ];

  it.each(samples)('gives Ajv’s verdict: %s %s %j', (subject, part, value) => {
    const contract = byName(subject);
    expect(schemaViolations(contract[part], contract.definitions, value, part).length === 0).toBe(ajvAccepts(contract, part, value));
  });
});
