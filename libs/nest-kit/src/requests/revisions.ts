import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { MAX_SPEECH_TEXT_LENGTH, type CreateRevisionRequest, type ListRevisionsRequest } from '@lipcast/contracts';
import { RequestDto } from './request-dto';

/*
 * "Fix one sentence" of a finished video (contracts' revisions.ts): the body the wizard and the
 * public API send, and the generation service's requests (the user, and the video by its job or its API id).
 */

const SCRIPT_MESSAGES = { text: 'script must be text', blank: 'script is required', long: `script must be at most ${MAX_SPEECH_TEXT_LENGTH} characters` };

/** `POST /api/v1/videos/{id}/revisions` and `POST /api/jobs/{id}/revisions`: the whole script, changed in one sentence. */
export class ReviseVideoBodyDto extends RequestDto {
  @ApiProperty({
    example: 'Meet Lipcast. It makes talking videos in minutes. Try it today.',
    maxLength: MAX_SPEECH_TEXT_LENGTH,
    description: "the video's whole script with one sentence changed (or replaced by several); only that sentence is spoken and lip-synced again",
  })
  @IsString({ message: SCRIPT_MESSAGES.text })
  @MinLength(1, { message: SCRIPT_MESSAGES.blank })
  @MaxLength(MAX_SPEECH_TEXT_LENGTH, { message: SCRIPT_MESSAGES.long })
  script!: string;
}

/** `generation.revisions.create.v1`. */
export class CreateRevisionDto extends ReviseVideoBodyDto implements CreateRevisionRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsUUID('all', { message: 'No such job' })
  jobId?: string;

  @IsOptional()
  @IsUUID('all', { message: 'No such video' })
  videoId?: string;
}

/** `generation.revisions.list.v1`. */
export class ListRevisionsDto extends RequestDto implements ListRevisionsRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsUUID('all', { message: 'No such job' })
  jobId?: string;

  @IsOptional()
  @IsUUID('all', { message: 'No such video' })
  videoId?: string;
}
