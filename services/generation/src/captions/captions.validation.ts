import { applyDecorators } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import { CAPTION_CHOICES, CAPTIONS_MESSAGE } from '@lipcast/contracts';

/** A request's caption choice as every request that makes a video checks it: optional, one of contracts' `CAPTION_CHOICES`. */
export const IsCaptionsChoice = () => applyDecorators(IsOptional(), IsIn(CAPTION_CHOICES, { message: CAPTIONS_MESSAGE }));
