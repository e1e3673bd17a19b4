import { applyDecorators } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import { VIDEO_FORMAT_IDS, VIDEO_FORMAT_MESSAGE } from '@lipcast/contracts';

/** A request's video format as every request that makes a video checks it: optional, one of contracts' `VIDEO_FORMAT_IDS`. */
export const IsVideoFormat = () => applyDecorators(IsOptional(), IsIn(VIDEO_FORMAT_IDS, { message: VIDEO_FORMAT_MESSAGE }));
