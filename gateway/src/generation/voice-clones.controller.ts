import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsString, MaxLength, MinLength } from 'class-validator';
import {
  GENERATION_REPLY_TIMEOUT_MS, MAX_CLONED_VOICE_NAME_LENGTH, Subjects, VOICE_CLONE_SAMPLE_SECONDS, VOICE_CONSENT_TEXT, VoiceCloneMessages,
  type ClonedVoice, type CloneVoiceBody, type DeletedAnswer, type OwnVoiceList,
} from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { CurrentUserId } from '../auth/signed-in.guard';
import { PreviewRoute } from '../http/preview-rate-limit';

/** `POST /api/voices/clone`. */
class CloneVoiceBodyDto implements CloneVoiceBody {
  @ApiProperty({ description: `the url \`POST /api/audio/uploads\` answered for the creator's recording (${VOICE_CLONE_SAMPLE_SECONDS.min}-${VOICE_CLONE_SAMPLE_SECONDS.max} s)`, maxLength: 600 })
  @IsString()
  @MaxLength(600)
  audio!: string;

  @ApiProperty({ description: `true: the creator confirms "${VOICE_CONSENT_TEXT}"`, enum: [true] })
  @Equals(true, { message: VoiceCloneMessages.consent })
  consent!: true;

  @ApiProperty({ description: 'the name the creator gives the voice', maxLength: MAX_CLONED_VOICE_NAME_LENGTH })
  @IsString({ message: VoiceCloneMessages.noName })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MinLength(1, { message: VoiceCloneMessages.noName })
  @MaxLength(MAX_CLONED_VOICE_NAME_LENGTH, { message: VoiceCloneMessages.longName })
  name!: string;
}

/** A creator's cloned voices (issue 35, item 5): private, `clone:<uuid>` as a speech's `voice_id`; the generation service owns the rules. */
@ApiTags('generation')
@Controller('voices')
export class VoiceClonesController {
  constructor(private readonly services: ServiceClient) {}

  @Get('own')
  @ApiOperation({ summary: "The signed-in creator's cloned voices, newest first, and whether cloning is available here (with the reason when not)" })
  list(@CurrentUserId() userId: string): Promise<OwnVoiceList> {
    return this.services.send(Subjects.generation.ownVoicesList, { userId });
  }

  /** The provider's cloning costs it real work, so it counts against the preview limit. */
  @Post('clone')
  @HttpCode(201)
  @PreviewRoute()
  @ApiOperation({
    summary: "Clones the creator's uploaded recording (10-60 s) as their private voice; 400 beside the field when refused, 409 when this server has no provider key to clone with",
  })
  clone(@CurrentUserId() userId: string, @Body() body: CloneVoiceBodyDto): Promise<ClonedVoice> {
    return this.services.send(Subjects.generation.voiceClone, { userId, audio: body.audio, consent: body.consent, name: body.name }, GENERATION_REPLY_TIMEOUT_MS);
  }

  @Delete('own/:id')
  @ApiOperation({ summary: 'Deletes a cloned voice here (the provider drops it after 7 days unused: Replicate offers no deletion)' })
  delete(@CurrentUserId() userId: string, @Param('id') voiceId: string): Promise<DeletedAnswer> {
    return this.services.send(Subjects.generation.ownVoiceDelete, { userId, voiceId });
  }
}
