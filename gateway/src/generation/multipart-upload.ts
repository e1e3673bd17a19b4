import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { AudioUploadMessages, ErrorCode, Messages, OwnActorMessages } from '@lipcast/contracts';
import { serviceErrorResponse } from '../http/error-response';

/** `POST` here (multipart/form-data: `clip`, `name`, `consent`) makes an own actor. */
export const OWN_ACTORS_PATH = '/api/actors/own';
/** The form field that carries the clip. */
export const CLIP_FIELD = 'clip';
/** `POST` here (multipart/form-data: `audio`, `consent`, optional `text`) takes the creator's own voice. */
export const AUDIO_UPLOADS_PATH = '/api/audio/uploads';
/** The form field that carries the recording. */
export const AUDIO_FIELD = 'audio';

/** The file of a multipart request, on local disk while the request lasts. */
export type RequestWithFile = Request & { file?: Express.Multer.File };

export interface MultipartUpload {
  /** The form field that carries the file (one file, at most three text fields beside it). */
  field: string;
  maxMegabytes: number;
  /** What a file over `maxMegabytes` is answered (413, beside `field`). */
  tooLarge: (maxMegabytes: number) => string;
}

/**
 * Reads a multipart upload (for a signed-in user only) at the path it is mounted on, streaming the
 * file to a temporary file (never whole into memory, never past `maxMegabytes`), before the request
 * shape check, which refuses bodies no parser read. A file over the limit is answered 413 here; the
 * file is removed when the answer is sent, whatever it is.
 */
export function multipartUpload({ field, maxMegabytes, tooLarge }: MultipartUpload) {
  const parse = multer({ dest: join(tmpdir(), 'lipcast-uploads'), limits: { fileSize: maxMegabytes * 1024 * 1024, files: 1, fields: 4, fieldSize: 8192 } }).single(field);
  return (request: RequestWithFile, response: Response, next: NextFunction) => {
    if (request.method !== 'POST' || request.path !== '/') return next();
    // Nothing is read for a visitor; the answer is the sign-in guard's (the shape check would say 415 first).
    if (!request.session?.userId) return void response.status(401).json({ message: Messages.unauthenticated });
    response.on('close', () => void (request.file && rm(request.file.path, { force: true })));
    parse(request, response, (error?: unknown) => {
      if (!error) return next();
      const overLimit = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      const { status, body } = serviceErrorResponse({
        code: overLimit ? ErrorCode.PayloadTooLarge : ErrorCode.Validation,
        message: overLimit ? tooLarge(maxMegabytes) : `The upload could not be read: ${error instanceof Error ? error.message : String(error)}`,
        details: { field },
      });
      response.status(status).json(body);
    });
  };
}

/** An own actor's clip (`ACTOR_CLIP_MAX_MB`). */
export const ownActorUploadParser = (maxMegabytes: number) => multipartUpload({ field: CLIP_FIELD, maxMegabytes, tooLarge: OwnActorMessages.tooLarge });
/** A creator's recording of their voice (`AUDIO_UPLOAD_MAX_MB`). */
export const audioUploadParser = (maxMegabytes: number) => multipartUpload({ field: AUDIO_FIELD, maxMegabytes, tooLarge: AudioUploadMessages.tooLarge });
