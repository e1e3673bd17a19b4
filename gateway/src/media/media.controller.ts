import { BadRequestException, Controller, Get, Headers, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DOWNLOAD_NAME_PATTERN, isValidKey } from '@lipcast/contracts';
import { Public } from '../auth/signed-in.guard';
import { MediaAccessPolicy } from './media-access.policy';
import { MediaResponder } from './media-responder';

@ApiTags('media')
@Public()
@Controller('media')
export class MediaController {
  constructor(
    private readonly policy: MediaAccessPolicy,
    private readonly responder: MediaResponder,
  ) {}

  /** A stored object for whoever may read it (unreadable and missing objects look the same: 404). */
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
    await this.responder.send(key, { download, rangeHeader }, response);
  }
}
