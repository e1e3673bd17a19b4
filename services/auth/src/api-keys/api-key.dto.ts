import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import {
  API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKeyScope, type CreateApiKeyRequest, type RevokeApiKeyRequest, type VerifyApiKeyRequest,
} from '@lipcast/contracts';

export class CreateApiKeyDto implements CreateApiKeyRequest {
  @IsUUID()
  userId!: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, API_KEY_NAME_MAX_LENGTH)
  name!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one scope' })
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @ArrayUnique()
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes!: ApiKeyScope[];

  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}

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
