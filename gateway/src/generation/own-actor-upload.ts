import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { ErrorCode, Messages, OwnActorMessages } from '@lipcast/contracts';
import { serviceErrorResponse } from '../http/error-response';

/** `POST` here (multipart/form-data: `clip`, `name`, `consent`) makes an own actor. */
export const OWN_ACTORS_PATH = '/api/actors/own';
/** The form field that carries the clip. */
export const CLIP_FIELD = 'clip';

/** The clip of a multipart request, on local disk while the request lasts. */
export type RequestWithClip = Request & { file?: Express.Multer.File };

/**
 * Reads an own actor's upload (for a signed-in user only), streaming the clip to a temporary file (never
 * whole into memory, never past `maxMegabytes`), before the request shape check, which refuses
 * bodies no parser read. A clip over the limit is answered 413 here; the file is removed when the
 * answer is sent, whatever it is.
 */
export function ownActorUploadParser(maxMegabytes: number) {
  const parse = multer({ dest: join(tmpdir(), 'lipcast-clips'), limits: { fileSize: maxMegabytes * 1024 * 1024, files: 1, fields: 4, fieldSize: 1024 } }).single(CLIP_FIELD);
  return (request: RequestWithClip, response: Response, next: NextFunction) => {
    if (request.method !== 'POST' || request.path !== '/') return next();
    // Nothing is read for a visitor; the answer is the sign-in guard's (the shape check would say 415 first).
    if (!request.session?.userId) return void response.status(401).json({ message: Messages.unauthenticated });
    response.on('close', () => void (request.file && rm(request.file.path, { force: true })));
    parse(request, response, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      const { status, body } = serviceErrorResponse({
        code: tooLarge ? ErrorCode.PayloadTooLarge : ErrorCode.Validation,
        message: tooLarge ? OwnActorMessages.tooLarge(maxMegabytes) : `The upload could not be read: ${error instanceof Error ? error.message : String(error)}`,
        details: { field: CLIP_FIELD },
      });
      response.status(status).json(body);
    });
  };
}
