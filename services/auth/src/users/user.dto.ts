import { IsEmail, IsOptional, IsString, IsUrl, IsUUID, Length, MaxLength } from 'class-validator';
import type { DeleteUserDataRequest, GetUserRequest, UpsertUserRequest } from '@lipcast/contracts';

export class UpsertUserDto implements UpsertUserRequest {
  @IsString()
  @Length(1, 500)
  issuer!: string;

  @IsString()
  @Length(1, 255)
  subject!: string;

  @IsString()
  @Length(1, 100)
  username!: string;

  @IsOptional()
  @IsEmail()
  @MaxLength(320)
  email?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  firstName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastName?: string | null;

  @IsOptional()
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true })
  @MaxLength(1000)
  profileImageUrl?: string | null;
}

export class GetUserDto implements GetUserRequest {
  @IsUUID()
  id!: string;
}

/** A request about one user: a step of their account's deletion, their API keys. */
export class UserIdDto implements DeleteUserDataRequest {
  @IsUUID()
  userId!: string;
}
