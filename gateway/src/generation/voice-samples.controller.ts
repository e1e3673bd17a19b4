import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import type { Response } from 'express';
import { GENERATION_REPLY_TIMEOUT_MS, SpeechSettingMessages, Subjects, VOICE_EMOTIONS, VOICE_ID_MAX_LENGTH, type VoiceEmotion, type VoiceSampleRequest } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { Public } from '../auth/signed-in.guard';

export class VoiceSampleParams {
  @ApiProperty({ example: 'Wise_Woman' })
  @Matches(new RegExp(`^[A-Za-z0-9_]{1,${VOICE_ID_MAX_LENGTH}}$`), { message: 'voiceId must be a voice id such as Wise_Woman' })
  voiceId!: string;
}

export class VoiceSampleQuery {
  @ApiPropertyOptional({ enum: VOICE_EMOTIONS, default: 'neutral' })
  @IsOptional()
  @IsIn(VOICE_EMOTIONS, { message: SpeechSettingMessages.emotion })
  emotion?: VoiceEmotion;
}

/** Voice samples for the wizard's voice picker (issue 16: a voice is heard before it is chosen). */
@ApiTags('generation')
@Public()
@Controller('voices')
export class VoiceSamplesController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * Free and public: only known voices × emotions are made, each once (then kept in the store), so
   * no caller can make the server synthesise without bound. Answers with a redirect to the stored
   * sample on the media route, which serves byte ranges and caching like every other medium.
   */
  @Get(':voiceId/sample')
  @ApiOperation({ summary: "A voice's short sample in an emotion: 302 to the stored audio" })
  async sample(@Param() params: VoiceSampleParams, @Query() query: VoiceSampleQuery, @Res() response: Response): Promise<void> {
    const request: VoiceSampleRequest = { voiceId: params.voiceId, emotion: query.emotion ?? 'neutral' };
    // The first request of a sample waits for its synthesis (a provider may take a while).
    const sample = await this.services.send(Subjects.generation.voiceSample, request, GENERATION_REPLY_TIMEOUT_MS);
    // The sample's address changes only with the provider or the words: browsers may keep the redirect a while.
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.redirect(302, sample.url);
  }
}
