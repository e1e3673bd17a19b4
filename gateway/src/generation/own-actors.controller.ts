import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsString, MaxLength, MinLength } from 'class-validator';
import {
  ACTOR_CLIP_TYPES, type ActorClipType, GENERATION_REPLY_TIMEOUT_MS, LIKENESS_CONSENT_TEXT, MAX_OWN_ACTOR_NAME_LENGTH, OwnActorMessages, Subjects, uploadKey,
  type DeletedAnswer, type OwnActor, type OwnActorList,
} from '@lipcast/contracts';
import { ServiceClient, ServiceError, StorageService } from '@lipcast/nest-kit';
import { CurrentUserId } from '../auth/signed-in.guard';
import { PreviewRoute } from '../http/preview-rate-limit';
import { GatewaySettings } from '../settings';
import { CLIP_FIELD, type RequestWithFile } from './multipart-upload';

/** `POST /api/actors/own`: the form beside the clip (multipart fields are text). */
class CreateOwnActorBodyDto {
  @ApiProperty({ description: 'the name the creator gives the actor', maxLength: MAX_OWN_ACTOR_NAME_LENGTH })
  @IsString({ message: OwnActorMessages.noName })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MinLength(1, { message: OwnActorMessages.noName })
  @MaxLength(MAX_OWN_ACTOR_NAME_LENGTH, { message: OwnActorMessages.longName })
  name!: string;

  @ApiProperty({ description: `"true": the creator confirms "${LIKENESS_CONSENT_TEXT}"`, enum: ['true'] })
  @Transform(({ value }: { value: unknown }) => value === true || value === 'true')
  @Equals(true, { message: OwnActorMessages.consent })
  consent!: true;
}

const ACTOR_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound(OwnActorMessages.notFound) });

/** A creator's own actors: their clip, checked and kept with their consent (issue 35); the generation service owns the rules. */
@ApiTags('actors')
@Controller('actors/own')
export class OwnActorsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
    private readonly settings: GatewaySettings,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in creator's own actors, newest first, and the clip limits" })
  async list(@CurrentUserId() userId: string): Promise<OwnActorList> {
    const { actors, limits } = await this.services.send(Subjects.generation.ownActorsList, { userId });
    return { actors, limits: { ...limits, maxMegabytes: this.settings.ACTOR_CLIP_MAX_MB } };
  }

  /**
   * The upload (streamed to a temporary file by `ownActorUploadParser`) goes to the user's uploads,
   * then the generation service checks it (one face, moving, length, size) and keeps it as an actor
   * with the consent recorded, or refuses it with the field's message. Nothing is charged; each check
   * costs real compute, so it counts against the preview limit.
   */
  @Post()
  @HttpCode(201)
  @PreviewRoute()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Uploads a clip of one person (MP4, MOV or WebM) as a private actor; 400 with the reason beside the field when refused' })
  async create(@CurrentUserId() userId: string, @Req() request: RequestWithFile, @Body() body: CreateOwnActorBodyDto): Promise<OwnActor> {
    const clip = request.file;
    if (!clip) throw ServiceError.validation(OwnActorMessages.noClip, { field: CLIP_FIELD });
    const extension = ACTOR_CLIP_TYPES[clip.mimetype as ActorClipType];
    if (!extension) throw ServiceError.validation(OwnActorMessages.clipType, { field: CLIP_FIELD });
    const key = uploadKey(userId, extension);
    await this.storage.putFile(key, clip.path, clip.mimetype);
    // The service removes the upload once it has answered; the hourly upload sweep catches the rest.
    return this.services.send(Subjects.generation.ownActorCreate, { userId, key, name: body.name, consent: body.consent }, GENERATION_REPLY_TIMEOUT_MS);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes an own actor and its clip; videos made from it stay' })
  delete(@CurrentUserId() userId: string, @Param('id', ACTOR_ID) actorId: string): Promise<DeletedAnswer> {
    return this.services.send(Subjects.generation.ownActorDelete, { userId, actorId });
  }
}
