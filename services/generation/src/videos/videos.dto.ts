import { IsUUID } from 'class-validator';
import type { UserVideoRequest } from '@lipcast/contracts';
import { UserDto } from '../user.dto';

// A create's and a list's requests are `CreateVideoDto` and `ListVideosDto` (@lipcast/nest-kit/requests), which the gateway checks too.

export class UserVideoDto extends UserDto implements UserVideoRequest {
  @IsUUID('all', { message: 'No such video' }) videoId!: string;
}
