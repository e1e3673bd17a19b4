import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  AUDIO_UPLOAD_TYPES, AudioUploadMessages, audioUploadTypeOf, DIALOGUE_TEXT, GENERATION_REPLY_TIMEOUT_MS, Subjects, uploadKey, VOICE_CONSENT_TEXT, type AudioUploadAnswer,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError, StorageService } from '@lipcast/nest-kit';
import { CurrentUserId } from '../auth/signed-in.guard';
import { PreviewRoute } from '../http/preview-rate-limit';
import { AUDIO_FIELD, type RequestWithFile } from './multipart-upload';

/** `POST /api/audio/uploads`: the form beside the recording (multipart fields are text). */
class AudioUploadBodyDto {
  @ApiProperty({ description: `"true": the creator confirms "${VOICE_CONSENT_TEXT}"`, enum: ['true'] })
  @Transform(({ value }: { value: unknown }) => value === true || value === 'true')
  @Equals(true, { message: AudioUploadMessages.consent })
  consent!: true;

  @ApiPropertyOptional({ description: 'what the recording says; its captions follow it (else a transcription when the server has one, else none)', maxLength: DIALOGUE_TEXT.max })
  @IsOptional()
  @IsString()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @MaxLength(DIALOGUE_TEXT.max, { message: DIALOGUE_TEXT.messages.max })
  text?: string;
}

/** A creator's own voice (issue 35, item 5): a recording that becomes a lip-sync's speech; the generation service owns the rules. */
@ApiTags('generation')
@Controller('audio/uploads')
export class AudioUploadsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
  ) {}

  /**
   * The recording (streamed to a temporary file by `audioUploadParser`) goes to the user's uploads,
   * then the generation service checks it (readable, not silent, 0.5 to 60 s), converts it to MP3 with
   * its word timings and records the voice consent, or refuses it beside its field. Nothing is
   * charged; the conversion costs real compute, so it counts against the preview limit.
   */
  @Post()
  @HttpCode(201)
  @PreviewRoute()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: "Uploads the creator's own voice (WebM, Ogg, M4A, MP3 or WAV, up to 60 s) as a speech for a lip-sync; 400 with the reason beside the field when refused" })
  async create(@CurrentUserId() userId: string, @Req() request: RequestWithFile, @Body() body: AudioUploadBodyDto): Promise<AudioUploadAnswer> {
    const audio = request.file;
    if (!audio) throw ServiceError.validation(AudioUploadMessages.noAudio, { field: AUDIO_FIELD });
    const type = audioUploadTypeOf(audio.mimetype);
    if (!type) throw ServiceError.validation(AudioUploadMessages.audioType, { field: AUDIO_FIELD });
    const key = uploadKey(userId, AUDIO_UPLOAD_TYPES[type]);
    await this.storage.putFile(key, audio.path, type);
    // The service removes the upload once it has answered; the hourly upload sweep catches the rest.
    return this.services.send(Subjects.generation.audioUpload, { userId, key, consent: body.consent, ...(body.text ? { text: body.text } : {}) }, GENERATION_REPLY_TIMEOUT_MS);
  }
}
