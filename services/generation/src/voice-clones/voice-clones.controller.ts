import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Equals, IsString, MaxLength, MinLength } from 'class-validator';
import { MAX_CLONED_VOICE_NAME_LENGTH, Subjects, VoiceCloneMessages, type ClonedVoice, type ClonedVoiceRequest, type CloneVoiceRequest, type OwnVoiceList } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserDto } from '../user.dto';
import { VoiceClonesService } from './voice-clones.service';

/** `generation.voices.clone.v1`: the URL of the creator's kept recording, the consent ticked, a name. */
class CloneVoiceDto extends UserDto implements CloneVoiceRequest {
  @IsString() @MaxLength(600) audio!: string;
  @Equals(true, { message: VoiceCloneMessages.consent }) consent!: true;
  @IsString({ message: VoiceCloneMessages.noName }) @MinLength(1, { message: VoiceCloneMessages.noName }) @MaxLength(MAX_CLONED_VOICE_NAME_LENGTH, { message: VoiceCloneMessages.longName }) name!: string;
}

class ClonedVoiceDto extends UserDto implements ClonedVoiceRequest {
  @IsString() @MaxLength(100) voiceId!: string;
}

@Controller()
export class VoiceClonesController {
  constructor(private readonly clones: VoiceClonesService) {}

  /** Free: the provider charges at the voice's first speech, which is a paid generation. */
  @Handles(Subjects.generation.voiceClone)
  clone(@Payload() request: CloneVoiceDto): Promise<ClonedVoice> {
    return this.clones.clone(request);
  }

  @Handles(Subjects.generation.ownVoicesList)
  list(@Payload() request: UserDto): Promise<OwnVoiceList> {
    return this.clones.list(request.userId);
  }

  @Handles(Subjects.generation.ownVoiceDelete)
  delete(@Payload() request: ClonedVoiceDto): Promise<{ deleted: true }> {
    return this.clones.delete(request.userId, request.voiceId);
  }
}
