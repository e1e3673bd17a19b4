import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { MAX_SPEECH_TEXT_LENGTH, type CreateRevisionRequest, type ListRevisionsRequest } from '@lipcast/contracts';
import { RequestDto } from './request-dto';

/*
 * "Fix one sentence" of a finished video (contracts' revisions.ts): the body the wizard and the
 * public API send, and the generation service's requests (the user, and the video by its job or its API id).
 */

/** The whole script with one sentence changed: text, not blank, at most `MAX_SPEECH_TEXT_LENGTH` characters. */
const ScriptField = () =>
  applyDecorators(
    ApiProperty({
      example: 'Meet Lipcast. It makes talking videos in minutes. Try it today.',
      maxLength: MAX_SPEECH_TEXT_LENGTH,
      description: "the video's whole script with one sentence changed (or replaced by several); only that sentence is spoken and lip-synced again",
    }),
    IsString({ message: 'script must be text' }),
    MinLength(1, { message: 'script is required' }),
    MaxLength(MAX_SPEECH_TEXT_LENGTH, { message: `script must be at most ${MAX_SPEECH_TEXT_LENGTH} characters` }),
  );

/** `POST /api/v1/videos/{id}/revisions` and `POST /api/jobs/{id}/revisions`. */
export class ReviseVideoBodyDto extends RequestDto {
  @ScriptField()
  script!: string;
}

/** `generation.revisions.list.v1`: the user's video, by the job of one of its versions or its public API id. */
export class ListRevisionsDto extends RequestDto implements ListRevisionsRequest {
  @IsUUID() userId!: string;

  @IsOptional()
  @IsUUID('all', { message: 'No such job' })
  jobId?: string;

  @IsOptional()
  @IsUUID('all', { message: 'No such video' })
  videoId?: string;
}

/** `generation.revisions.create.v1`. */
export class CreateRevisionDto extends ListRevisionsDto implements CreateRevisionRequest {
  @ScriptField()
  script!: string;
}
