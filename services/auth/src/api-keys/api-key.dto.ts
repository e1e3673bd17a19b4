import { IsString, IsUUID, MaxLength } from 'class-validator';
import type { RevokeApiKeyRequest, VerifyApiKeyRequest } from '@lipcast/contracts';

// A create's request is `CreateApiKeyDto` (@lipcast/nest-kit/requests), which the gateway checks too.

export class ListApiKeysDto {
  @IsUUID()
  userId!: string;
}

export class RevokeApiKeyDto implements RevokeApiKeyRequest {
  @IsUUID()
  userId!: string;

  @IsUUID()
  keyId!: string;
}

export class VerifyApiKeyDto implements VerifyApiKeyRequest {
  // Longer than any key: what is refused here never reaches the database.
  @IsString()
  @MaxLength(200)
  key!: string;
}
