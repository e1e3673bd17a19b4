import type { Request, Response } from 'express';
import { hasInvalidCharacters, MAX_JSON_DEPTH, requestShapeMiddleware, RequestShapeMessages, valueProblem } from './request-shape';

describe(hasInvalidCharacters.name, () => {
  it('finds a NUL or a surrogate without its pair, and accepts any real character', () => {
    expect(hasInvalidCharacters('a\u0000b')).toBe(true);
    expect(hasInvalidCharacters('\ud800')).toBe(true);
    expect(hasInvalidCharacters('x\udfff')).toBe(true);
    expect(hasInvalidCharacters('\udfff\ud800')).toBe(true);
    expect(hasInvalidCharacters('Grüße, 你好 😀 \u202e\t\n')).toBe(false);
  });
});

describe(valueProblem.name, () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
    return value;
  };

  it(`accepts values up to ${MAX_JSON_DEPTH} levels deep and refuses deeper ones`, () => {
    expect(valueProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(valueProblem(nested(MAX_JSON_DEPTH + 1))).toBe('too-deep');
  });

  it('measures a hostile depth without overflowing the stack', () => {
    expect(valueProblem(nested(1_000_000))).toBe('too-deep');
  });

  it('finds invalid characters in values and in keys, at any depth', () => {
    expect(valueProblem({ text: 'ok', list: [1, true, null, { deep: 'a\u0000' }] })).toBe('invalid-characters');
    expect(valueProblem({ ['\ud800']: 1 })).toBe('invalid-characters');
    expect(valueProblem({ text: 'Hello 😀', pitch: 2, tags: ['a', 'b'] })).toBeNull();
  });
});

describe(requestShapeMiddleware.name, () => {
  const run = (request: Partial<Request>) => {
    const answer: { status?: number; body?: unknown; passed: boolean } = { passed: false };
    const response = {
      status(code: number) {
        answer.status = code;
        return this;
      },
      json(body: unknown) {
        answer.body = body;
        return this;
      },
    } as unknown as Response;
    requestShapeMiddleware()({ originalUrl: '/api/x', query: {}, headers: {}, ...request } as Request, response, () => (answer.passed = true));
    return answer;
  };

  it('lets a request without a body, or with a plain JSON object, through', () => {
    expect(run({})).toEqual({ passed: true });
    expect(run({ body: { approved: true }, headers: { 'content-length': '17' } })).toEqual({ passed: true });
  });

  it('answers 415 to a body no parser read (text, XML, multipart)', () => {
    expect(run({ headers: { 'content-length': '13', 'content-type': 'text/plain' } })).toEqual({ passed: false, status: 415, body: { message: RequestShapeMessages.unsupportedType } });
    expect(run({ headers: { 'transfer-encoding': 'chunked' } })).toMatchObject({ status: 415 });
  });

  it('answers 400 to a body that is not a JSON object, too deep, or holding invalid characters', () => {
    expect(run({ body: [1, 2, 3] })).toEqual({ passed: false, status: 400, body: { message: RequestShapeMessages.notAnObject } });
    expect(run({ body: { a: { a: { a: 1 } } } })).toEqual({ passed: true });
    expect(run({ body: JSON.parse(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`) })).toMatchObject({ status: 400, body: { message: RequestShapeMessages.tooDeep } });
    expect(run({ body: { text: 'a\u0000' } })).toMatchObject({ status: 400, body: { message: RequestShapeMessages.invalidCharacters } });
  });

  it('answers 400 to a NUL in the path or the query', () => {
    expect(run({ originalUrl: '/api/blog/posts/a%00b' })).toMatchObject({ status: 400, body: { message: RequestShapeMessages.invalidCharacters } });
    expect(run({ query: { page: '\u0000' } })).toMatchObject({ status: 400 });
    expect(run({ query: { tags: ['a', '\ud800'] } })).toMatchObject({ status: 400 });
  });
});
