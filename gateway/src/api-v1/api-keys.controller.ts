import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type ApiKeyRevoked, type ApiKeySummary, type CreatedApiKey } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { CreateApiKeyBodyDto } from '@lipcast/nest-kit/requests';
import { CurrentUserId } from '../auth/signed-in.guard';

/** A key id is a UUID: anything else names no key. */
const KEY_ID = new ParseUUIDPipe({ exceptionFactory: () => ServiceError.notFound('API key not found') });

/**
 * The profile's API keys: session routes (signed in, and same-site for the writes as every session
 * write), never reachable with a key. The key itself is in the create's answer only.
 */
@ApiTags('api-keys')
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The user's API keys (not revoked), newest first, without the keys themselves" })
  list(@CurrentUserId() userId: string): Promise<ApiKeySummary[]> {
    return this.services.send(Subjects.auth.apiKeysList, { userId });
  }

  @Post()
  @ApiOperation({ summary: 'A new API key: the answer holds the key, shown this once' })
  create(@CurrentUserId() userId: string, @Body() body: CreateApiKeyBodyDto): Promise<CreatedApiKey> {
    return this.services.send(Subjects.auth.apiKeysCreate, { ...body, userId });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revokes one of the user\'s API keys at once' })
  revoke(@CurrentUserId() userId: string, @Param('id', KEY_ID) keyId: string): Promise<ApiKeyRevoked> {
    return this.services.send(Subjects.auth.apiKeysRevoke, { userId, keyId });
  }
}
