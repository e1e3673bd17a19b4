import { BadRequestException, Controller, Get, Headers, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, Messages } from '@lipcast/contracts';
import { isValidKey, ServiceError, StorageService } from '@lipcast/nest-kit';
import { parseByteRange } from './byte-range';
import { Public } from '../auth/signed-in.guard';
import { MediaAccessPolicy } from './media-access.policy';

@ApiTags('media')
@Public()
@Controller('media')
export class MediaController {
  constructor(
    private readonly storage: StorageService,
    private readonly policy: MediaAccessPolicy,
  ) {}

  /** Streams a stored object, with byte ranges for seeking. Unreadable and missing objects look the same (404). */
  @Get('*key')
  async read(
    @Param('key') keyParam: string | string[],
    @Headers('range') rangeHeader: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const key = Array.isArray(keyParam) ? keyParam.join('/') : keyParam;
    if (!isValidKey(key)) throw new BadRequestException('Invalid media path');
    if (!this.policy.canRead(key, request.session?.userId ?? null)) throw new NotFoundException();
    const object = await this.storage.stat(key).catch(() => {
      throw new ServiceError(ErrorCode.Unavailable, Messages.serviceUnavailable, { dependency: 'object store' });
    });
    if (!object) throw new NotFoundException();

    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Content-Type', object.contentType);
    response.setHeader('ETag', object.etag.startsWith('"') ? object.etag : `"${object.etag}"`);
    response.setHeader('Last-Modified', object.lastModified.toUTCString());
    response.setHeader('Cache-Control', key.startsWith('users/') ? 'private, max-age=3600' : 'public, max-age=86400');

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
