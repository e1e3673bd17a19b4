import { Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { MediaLinks, ServiceError, StorageService } from '@lipcast/nest-kit';
import { parseByteRange } from './byte-range';
import { mediaCaching } from './media-caching';

/**
 * Captions (a few KB) always come from here: a `<track>` loads only from the page's own origin
 * unless the video and the store both do CORS, so a redirect to the store would leave it empty.
 */
const answeredHere = (key: string) => /\.(vtt|srt)$/.test(key);

export interface MediaAnswer {
  /** Answered as an attachment with this file name. */
  download?: string;
  /** The request's `Range` header. */
  rangeHeader?: string;
}

/**
 * Answers a stored object the caller has been allowed to read (the media route for sessions, the
 * public API's video file for keys): with the store's public address configured, a presigned
 * redirect there, so the bytes, byte ranges included, come from the store or its CDN; otherwise the
 * object streamed from here (captions always: `answeredHere`). A missing object is a 404.
 */
@Injectable()
export class MediaResponder {
  constructor(
    private readonly storage: StorageService,
    // Null when S3_PUBLIC_URL is unset: the gateway then streams the bytes itself.
    @Optional() @Inject(MediaLinks) private readonly links: MediaLinks | null,
  ) {}

  async send(key: string, { download, rangeHeader }: MediaAnswer, response: Response): Promise<void> {
    const object = await this.storage.stat(key).catch(() => {
      throw new ServiceError(ErrorCode.Unavailable, Messages.serviceUnavailable, { dependency: 'object store' });
    });
    if (!object) throw new NotFoundException();
    const caching = mediaCaching(key);

    if (this.links && !answeredHere(key)) {
      const location = await this.links.readUrl(key, { ...caching.link, cacheControl: caching.object, downloadName: download });
      response.setHeader('Cache-Control', caching.redirect);
      return void response.redirect(302, location);
    }
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Content-Type', object.contentType);
    response.setHeader('ETag', object.etag.startsWith('"') ? object.etag : `"${object.etag}"`);
    response.setHeader('Last-Modified', object.lastModified.toUTCString());
    response.setHeader('Cache-Control', caching.object);
    if (download) response.setHeader('Content-Disposition', `attachment; filename="${download}"`);

    const range = parseByteRange(rangeHeader, object.size);
    if (range === 'unsatisfiable') {
      response.status(416).setHeader('Content-Range', `bytes */${object.size}`);
      return void response.end();
    }
    if (range) {
      response.status(206);
      response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
      response.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      response.status(200).setHeader('Content-Length', String(object.size));
    }
    await pipeline(await this.storage.read(key, range ?? undefined), response);
  }
}
