import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsBoolean, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MAX_OWN_ACTOR_NAME_LENGTH, OwnActorMessages, Subjects, UPLOAD_KEY_PATTERN, type CreateOwnActorRequest, type LikenessConsentRecord, type OwnActor, type OwnActorListReply, type OwnActorRequest } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserDto } from '../user.dto';
import { ConsentsRepository, toConsentRecord } from './consents.repository';
import { OwnActorsService } from './own-actors.service';

/** `generation.actors.own.create.v1`: the upload the gateway stored, the name and the consent ticked. */
class CreateOwnActorDto extends UserDto implements CreateOwnActorRequest {
  @IsString() @MaxLength(300) @Matches(UPLOAD_KEY_PATTERN, { message: 'key must be an upload' }) key!: string;
  @IsString({ message: OwnActorMessages.noName }) @MaxLength(MAX_OWN_ACTOR_NAME_LENGTH, { message: OwnActorMessages.longName }) name!: string;
  @IsBoolean({ message: OwnActorMessages.consent }) consent!: boolean;
}

class OwnActorDto extends UserDto implements OwnActorRequest {
  @IsUUID('all', { message: OwnActorMessages.notFound }) actorId!: string;
}

@Controller()
export class OwnActorsController {
  constructor(
    private readonly actors: OwnActorsService,
    private readonly consents: ConsentsRepository,
  ) {}

  @Handles(Subjects.generation.ownActorCreate)
  create(@Payload() request: CreateOwnActorDto): Promise<OwnActor> {
    return this.actors.create(request);
  }

  @Handles(Subjects.generation.ownActorsList)
  list(@Payload() request: UserDto): Promise<OwnActorListReply> {
    return this.actors.list(request.userId);
  }

  @Handles(Subjects.generation.consentsList)
  async consentsOf(@Payload() request: UserDto): Promise<LikenessConsentRecord[]> {
    return (await this.consents.listOf(request.userId)).map(toConsentRecord);
  }

  @Handles(Subjects.generation.ownActorDelete)
  delete(@Payload() request: OwnActorDto): Promise<{ deleted: true }> {
    return this.actors.delete(request.userId, request.actorId);
  }
}
