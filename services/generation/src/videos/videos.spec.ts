import { ErrorCode } from '@lipcast/contracts';
import { canonicalJson, requestHash } from './request-hash';
import { decodeListCursor, encodeListCursor } from '../pagination/list-cursor';

describe('requestHash', () => {
  it('is the same for the same body whatever its key order and formatting', () => {
    const compact = JSON.parse('{"actor":"ipfs-puppet-video","script":"Hi there","metadata":{"order":42,"tags":["a","b"]},"speed":1.5}') as object;
    const spaced = JSON.parse(`{
      "speed": 1.5,
      "metadata": { "tags": [ "a", "b" ], "order": 42 },
      "script": "Hi there",
      "actor": "ipfs-puppet-video"
    }`) as object;
    expect(canonicalJson(spaced)).toBe('{"actor":"ipfs-puppet-video","metadata":{"order":42,"tags":["a","b"]},"script":"Hi there","speed":1.5}');
    expect(requestHash(spaced)).toBe(requestHash(compact));
    expect(requestHash(compact)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves absent fields out and tells different bodies apart, array order and text whitespace included', () => {
    const body = { script: 'Hi there', voice: 'Calm_Woman', metadata: { tags: ['a', 'b'] } };
    expect(requestHash({ ...body, emotion: undefined })).toBe(requestHash(body));
    expect(requestHash({ ...body, script: 'Hi  there' })).not.toBe(requestHash(body));
    expect(requestHash({ ...body, metadata: { tags: ['b', 'a'] } })).not.toBe(requestHash(body));
    expect(requestHash({ ...body, pitch: 0 })).not.toBe(requestHash(body));
  });
});

describe('list cursors', () => {
  const position = { createdAt: new Date('2026-11-26T10:11:12.345Z'), id: '3f2b8f4e-9c1d-4a57-8e0a-5b6c7d8e9f01' };

  it('decode to the position they were made from, exactly to the millisecond', () => {
    const token = encodeListCursor(position);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(token)).toEqual(position);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON that is not a position', Buffer.from('{"a":1}').toString('base64url')],
    ['a negative time', Buffer.from(JSON.stringify([-1, position.id])).toString('base64url')],
    ['an id that is not a UUID', Buffer.from(JSON.stringify([1, "x' or 1=1"])).toString('base64url')],
  ])('refuse %s as VALIDATION', (_case, token) => {
    expect(() => decodeListCursor(token)).toThrow(expect.objectContaining({ payload: expect.objectContaining({ code: ErrorCode.Validation, message: 'cursor is not one this API gave' }) }));
  });
});
