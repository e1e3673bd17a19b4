import { BadRequestException, Controller, Get, Headers, Inject, NotFoundException, Optional, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { DOWNLOAD_NAME_PATTERN, ErrorCode, Messages } from '@lipcast/contracts';
import { isValidKey, MediaLinks, ServiceError, StorageService } from '@lipcast/nest-kit';
import { parseByteRange } from './byte-range';
import { Public } from '../auth/signed-in.guard';
import { MediaAccessPolicy } from './media-access.policy';
import { mediaCaching } from './media-caching';

@ApiTags('media')
@Public()
@Controller('media')
export class MediaController {
  constructor(
    private readonly storage: StorageService,
    private readonly policy: MediaAccessPolicy,
    // Null when S3_PUBLIC_URL is unset: the gateway then streams the bytes itself.
    @Optional() @Inject(MediaLinks) private readonly links: MediaLinks | null,
  ) {}

  /**
   * A stored object for whoever may read it (unreadable and missing objects look the same: 404).
   * With the store's public address configured, the answer is a presigned redirect there: the bytes,
   * byte ranges included, come from the store or its CDN. Otherwise the object is streamed from here.
   */
  @Get('*key')
  async read(
    @Param('key') keyParam: string | string[],
    @Query('download') download: string | undefined,
    @Headers('range') rangeHeader: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const key = Array.isArray(keyParam) ? keyParam.join('/') : keyParam;
    if (!isValidKey(key)) throw new BadRequestException('Invalid media path');
    if (download !== undefined && !DOWNLOAD_NAME_PATTERN.test(download)) throw new BadRequestException('download must be a file name of letters, digits, dots, dashes and underscores');
    if (!this.policy.canRead(key, request.session?.userId ?? null)) throw new NotFoundException();
    const object = await this.storage.stat(key).catch(() => {
      throw new ServiceError(ErrorCode.Unavailable, Messages.serviceUnavailable, { dependency: 'object store' });
    });
    if (!object) throw new NotFoundException();
    const caching = mediaCaching(key);

    if (this.links) {
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
