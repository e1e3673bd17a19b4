import type { JsonSchema, SubjectSchema } from '@lipcast/contracts';
import { incompatibilities } from './compat.ts';

const object = (properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties)): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });
const status = (...values: string[]): JsonSchema => ({ type: 'string', enum: values });
const contract = (request: JsonSchema, reply: JsonSchema, definitions: Record<string, JsonSchema> = {}): SubjectSchema => ({ subject: 'x.y.get.v1', request, reply, definitions });

const STRING: JsonSchema = { type: 'string' };
const NUMBER: JsonSchema = { type: 'number' };
const published = contract(object({ userId: STRING, note: STRING }, ['userId']), object({ id: STRING, status: status('queued', 'done'), url: { type: ['string', 'null'] } }));

describe('incompatibilities between a published contract and its new version', () => {
  it('passes the same contract, and additive changes: a new optional request field, a new reply field', () => {
    expect(incompatibilities(published, published)).toEqual([]);
    const added = contract(object({ userId: STRING, note: STRING, limit: NUMBER }, ['userId']), object({ id: STRING, status: status('queued', 'done'), url: { type: ['string', 'null'] }, size: NUMBER }));
    expect(incompatibilities(published, added)).toEqual([]);
  });

  it('fails a removed property, on either side', () => {
    expect(incompatibilities(published, contract(object({ userId: STRING }), published.reply))).toEqual([expect.stringMatching(/^request\.note: removed/)]);
    expect(incompatibilities(published, contract(published.request, object({ id: STRING, status: status('queued', 'done') })))).toEqual([expect.stringMatching(/^reply\.url: removed/)]);
  });

  it('fails a retyped property, on either side', () => {
    expect(incompatibilities(published, contract(object({ userId: NUMBER, note: STRING }, ['userId']), published.reply))).toEqual([
      'request.userId: no longer accepts string, which callers of this version may send',
    ]);
    expect(incompatibilities(published, contract(published.request, object({ id: NUMBER, status: status('queued', 'done'), url: { type: ['string', 'null'] } })))).toEqual([
      'reply.id: may now be number, which callers of this version do not expect',
    ]);
  });

  it('fails a new required request field and an optional one becoming required; a reply field may become required', () => {
    const stricter = contract(object({ userId: STRING, note: STRING, jobId: STRING }), published.reply);
    expect(incompatibilities(published, stricter)).toEqual([
      'request.note: now required, and callers of this version may leave it out',
      'request.jobId: a new required property, which callers of this version do not send',
    ]);
    const optionalReply = contract(published.request, object({ id: STRING, status: status('queued', 'done'), url: { type: ['string', 'null'] } }, ['id', 'status']));
    expect(incompatibilities(published, optionalReply)).toEqual(['reply.url: may now be missing, and callers of this version expect it']);
  });

  it('reads unions by direction: a request may accept more, a reply may answer less', () => {
    const wider = contract(object({ userId: { type: ['string', 'null'] }, note: STRING }, ['userId']), object({ id: STRING, status: status('queued'), url: STRING }));
    expect(incompatibilities(published, wider)).toEqual([]);
    const narrower = contract(object({ userId: STRING, note: status('a', 'b') }, ['userId']), object({ id: STRING, status: status('queued', 'done', 'paused'), url: { type: ['string', 'null', 'number'] } }));
    expect(incompatibilities(published, narrower)).toEqual([
      'request.note: no longer accepts string, which callers of this version may send',
      'reply.status: may now be "paused", which callers of this version do not expect',
      'reply.url: may now be number, which callers of this version do not expect',
    ]);
  });

  it('fails an enum value removed from a request, and a reply that may now be null', () => {
    const old = contract(object({ kind: status('speech', 'image') }), object({ id: STRING }));
    expect(incompatibilities(old, contract(object({ kind: status('speech') }), object({ id: STRING })))).toEqual([
      'request.kind: no longer accepts "image", which callers of this version may send',
    ]);
    expect(incompatibilities(old, contract(object({ kind: status('speech', 'image', 'script') }), { anyOf: [object({ id: STRING }), { type: 'null' }] }))).toEqual([
      'reply: may now be null, which callers of this version do not expect',
    ]);
  });

  it('follows references and arrays, whatever the definitions are called', () => {
    const old = contract(object({}), { type: 'array', items: { $ref: '#/definitions/Job' } }, { Job: object({ id: STRING, status: status('queued') }) });
    const renamed = contract(object({}), { type: 'array', items: { $ref: '#/definitions/JobState' } }, { JobState: object({ id: STRING, status: status('queued'), extra: NUMBER }) });
    expect(incompatibilities(old, renamed)).toEqual([]);
    const retyped = contract(object({}), { type: 'array', items: { $ref: '#/definitions/Job' } }, { Job: object({ id: STRING, status: NUMBER }) });
    expect(incompatibilities(old, retyped)).toEqual(['reply[].status: may now be number, which callers of this version do not expect']);
  });

  it('compares a recursive type once', () => {
    const tree = contract(object({}), { $ref: '#/definitions/Node' }, { Node: object({ name: STRING, children: { type: 'array', items: { $ref: '#/definitions/Node' } } }) });
    expect(incompatibilities(tree, tree)).toEqual([]);
  });
});
