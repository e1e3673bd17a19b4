import { ErrorCode } from '@lipcast/contracts';
import type { CreateVideoDto } from '@lipcast/nest-kit/requests';
import { canonicalJson, requestHash } from './request-hash';
import { videoSpecOf } from './videos.service';
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

describe("a video's idempotency hash and its take (issue 37, item 3)", () => {
  const create = (fields: Partial<CreateVideoDto>) => ({ userId: 'u1', actor: 'ipfs-puppet-video-2', script: 'Hi there', voice: 'Calm_Woman', ...fields }) as CreateVideoDto;
  const hashOf = (fields: Partial<CreateVideoDto>) => requestHash(videoSpecOf(create(fields)));

  it('is the same for a re-send of a take, and as before takes existed for the first one (no seed, or 0)', () => {
    expect(hashOf({ seed: 7 })).toBe(hashOf({ seed: 7 }));
    expect(hashOf({ seed: 0 })).toBe(hashOf({}));
    expect(hashOf({})).toBe(requestHash({ actor: 'ipfs-puppet-video-2', script: 'Hi there', voice: 'Calm_Woman' }));
  });

  it('differs for a new take of the same inputs, so a key re-used for it is refused rather than answering the old video', () => {
    expect(hashOf({ seed: 7 })).not.toBe(hashOf({}));
    expect(hashOf({ seed: 7 })).not.toBe(hashOf({ seed: 8 }));
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
