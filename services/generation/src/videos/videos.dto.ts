import { IsUUID } from 'class-validator';
import type { UserVideoRequest } from '@lipcast/contracts';

// A create's and a list's requests are `CreateVideoDto` and `ListVideosDto` (@lipcast/nest-kit/requests), which the gateway checks too.

export class UserVideoDto implements UserVideoRequest {
  @IsUUID() userId!: string;
  @IsUUID('all', { message: 'No such video' }) videoId!: string;
}
