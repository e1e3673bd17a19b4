import type { NextFunction, Request, Response } from 'express';

/** Our request bodies are at most three levels deep; anything far deeper is an attack on a recursive parser. */
export const MAX_JSON_DEPTH = 32;

export const RequestShapeMessages = {
  invalidCharacters: 'Invalid characters in request',
  tooDeep: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
  notAnObject: 'The request body must be a JSON object',
  unsupportedType: 'Send the request body as JSON (Content-Type: application/json)',
} as const;

/**
 * U+0000 (PostgreSQL text and jsonb refuse it) or a UTF-16 surrogate without its pair (no valid
 * UTF-8 exists for it): neither belongs in anything a user types.
 */
const INVALID_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasInvalidCharacters = (text: string) => INVALID_CHARACTER.test(text);

/**
 * What is wrong with a parsed value (a JSON body, a query), or null. Walks with its own stack rather
 * than recursion, so a hostile depth is measured, never overflowed.
 */
export function valueProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): 'invalid-characters' | 'too-deep' | null {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (hasInvalidCharacters(next.value)) return 'invalid-characters';
    } else if (typeof next.value === 'object' && next.value !== null) {
      if (next.depth >= maxDepth) return 'too-deep';
      for (const [key, child] of Object.entries(next.value)) {
        if (hasInvalidCharacters(key)) return 'invalid-characters';
        pending.push({ value: child, depth: next.depth + 1 });
      }
    }
  }
  return null;
}

/** Node's own test (type-is `hasBody`): a request body is announced by Transfer-Encoding or a Content-Length. */
const announcesBody = (request: Request) =>
  request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * Runs after the body parsers, before any route: refuses, with a 4xx and one plain sentence, what
 * no handler or service is built for, so each needs no defence of its own. A body no parser took
 * (text, XML, multipart) is 415; a body that is not a JSON object, nested deeper than
 * `MAX_JSON_DEPTH`, or holding a NUL or a lone surrogate (in the body, the query or the path) is 400.
 */
export function requestShapeMiddleware() {
  const refuse = (response: Response, status: number, message: string) => void response.status(status).json({ message });
  return (request: Request, response: Response, next: NextFunction) => {
    if (/%00/i.test(request.originalUrl)) return refuse(response, 400, RequestShapeMessages.invalidCharacters);
    if (valueProblem(request.query) === 'invalid-characters') return refuse(response, 400, RequestShapeMessages.invalidCharacters);
    if (request.body === undefined) {
      return announcesBody(request) ? refuse(response, 415, RequestShapeMessages.unsupportedType) : next();
    }
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      return refuse(response, 400, RequestShapeMessages.notAnObject);
    }
    const problem = valueProblem(request.body);
    if (problem === 'invalid-characters') return refuse(response, 400, RequestShapeMessages.invalidCharacters);
    if (problem === 'too-deep') return refuse(response, 400, RequestShapeMessages.tooDeep);
    next();
  };
}
