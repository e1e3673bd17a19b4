import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope, type CreateApiKeyBody } from '@lipcast/contracts';

/**
 * `POST /api/api-keys`: passed on to the auth service, which validates it (one rule, one place, its
 * own messages); each field `@Allow()`ed so the global ValidationPipe drops anything else.
 */
export class CreateApiKeyBodyDto implements CreateApiKeyBody {
  @ApiProperty({ example: 'CI pipeline', maxLength: 100 })
  @Allow()
  name!: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['videos:read', 'videos:write'] })
  @Allow()
  scopes!: ApiKeyScope[];

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'when the key stops working; none: never' })
  @Allow()
  expiresAt?: string | null;
}
