import { IsUUID } from 'class-validator';
import type { UserRequest } from '@lipcast/contracts';

/** A request that carries only its user (the gateway adds the signed-in user's id). */
export class UserDto implements UserRequest {
  @IsUUID() userId!: string;
}
