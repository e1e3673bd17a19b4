import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKeyScope, type CreateApiKeyBody, type CreateApiKeyRequest } from '@lipcast/contracts';
import { RequestDto } from './request-dto';

/** `POST /api/api-keys`: a new key of the signed-in user's (the profile's; never with a key). */
export class CreateApiKeyBodyDto extends RequestDto implements CreateApiKeyBody {
  @ApiProperty({ example: 'CI pipeline', maxLength: API_KEY_NAME_MAX_LENGTH })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, API_KEY_NAME_MAX_LENGTH)
  name!: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['videos:read', 'videos:write'] })
  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one scope' })
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @ArrayUnique()
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes!: ApiKeyScope[];

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'when the key stops working; none: never' })
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}

/** `auth.apiKeys.create.v1`. */
export class CreateApiKeyDto extends CreateApiKeyBodyDto implements CreateApiKeyRequest {
  @IsUUID() userId!: string;
}
