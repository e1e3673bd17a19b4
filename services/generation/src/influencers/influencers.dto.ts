import { Type } from 'class-transformer';
import { IsUUID, ValidateIf } from 'class-validator';
import type { UserInfluencerRequest } from '@lipcast/contracts';
import { IsStoredId } from '@lipcast/nest-kit';
import { UserDto } from '../user.dto';

// The requests of the influencer and gallery subjects that carry no body (the gateway adds the signed-in user's id).
// Those with one are declared with their body in @lipcast/nest-kit/requests, which the gateway checks too.

export class ProjectDto extends UserDto implements UserInfluencerRequest {
  @Type(() => Number) @IsStoredId('No such influencer project') projectId!: number;
}

export class GalleryDto {
  @ValidateIf((_, value) => value !== null) @IsUUID() userId!: string | null;
}
