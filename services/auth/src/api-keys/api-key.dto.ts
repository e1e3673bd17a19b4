import { IsString, IsUUID, MaxLength } from 'class-validator';
import type { RevokeApiKeyRequest, VerifyApiKeyRequest } from '@lipcast/contracts';
import { UserIdDto } from '../users/user.dto';

// A create's request is `CreateApiKeyDto` (@lipcast/nest-kit/requests), which the gateway checks too.

export class RevokeApiKeyDto extends UserIdDto implements RevokeApiKeyRequest {
  @IsUUID()
  keyId!: string;
}

export class VerifyApiKeyDto implements VerifyApiKeyRequest {
  // Longer than any key: what is refused here never reaches the database.
  @IsString()
  @MaxLength(200)
  key!: string;
}
