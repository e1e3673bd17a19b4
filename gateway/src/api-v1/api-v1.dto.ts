import { ApiProperty } from '@nestjs/swagger';
import {
  ErrorCode, VOICE_GENDERS, VOICE_TONES, type Actor, type ApiV1ErrorBody, type ApiV1List, type VoiceGender, type VoiceInfo, type VoiceTone,
} from '@lipcast/contracts';

/*
 * The public API's answers, as /api/v1/docs shows them (with examples). They describe what the
 * routes answer; the types come from contracts.
 */

export class ApiV1ActorDto implements Actor {
  @ApiProperty({ example: 'ipfs-puppet-video-1', description: 'the id a video names its actor by' })
  id!: string;

  @ApiProperty({ example: 'Podcast Pro Leo' })
  title!: string;

  @ApiProperty({ enum: ['Digital Performance', 'Puppet Performance', 'Digital Character'], example: 'Digital Performance' })
  setting!: Actor['setting'];

  @ApiProperty({ example: 20, description: 'length of the actor clip in seconds' })
  duration!: number;

  @ApiProperty({ example: '/api/media/actors/ipfs-puppet-video-1/thumbnail-v1.jpg', description: 'a still of the actor (a path on this site)' })
  thumbnail!: string;

  @ApiProperty({ example: '/api/media/actors/ipfs-puppet-video-1/idle-v1.mp4', description: 'the actor clip (a path on this site)' })
  url!: string;
}

export class ApiV1ActorListDto implements ApiV1List<Actor> {
  @ApiProperty({ type: [ApiV1ActorDto] })
  data!: ApiV1ActorDto[];
}

export class ApiV1VoiceDto implements VoiceInfo {
  @ApiProperty({ example: 'Wise_Woman', description: 'the id a video names its voice by' })
  id!: string;

  @ApiProperty({ example: 'Wise Woman' })
  name!: string;

  @ApiProperty({ enum: VOICE_GENDERS, nullable: true, example: 'female', description: 'null for a voice the catalog does not describe yet' })
  gender!: VoiceGender | null;

  @ApiProperty({ enum: VOICE_TONES, nullable: true, example: 'calm' })
  tone!: VoiceTone | null;
}

export class ApiV1VoiceListDto implements ApiV1List<VoiceInfo> {
  @ApiProperty({ type: [ApiV1VoiceDto] })
  data!: ApiV1VoiceDto[];
}

class ApiV1ErrorDetailDto {
  @ApiProperty({ enum: ErrorCode, example: ErrorCode.Unauthenticated, description: 'one of the contracts\' error codes; stable, unlike the message' })
  code!: ErrorCode;

  @ApiProperty({ example: 'This API key was revoked', description: 'for people: may change' })
  message!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: null, description: 'what the error is about, when there is more to say (the fields that failed, the scope missing, a quota\'s reset)' })
  details!: Record<string, unknown> | null;
}

/** Every error of the public API. */
export class ApiV1ErrorDto implements ApiV1ErrorBody {
  @ApiProperty({ type: ApiV1ErrorDetailDto })
  error!: ApiV1ErrorDetailDto;
}
