import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type ApiKeyRevoked, type ApiKeySummary, type CreatedApiKey, type VerifiedApiKey } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { CreateApiKeyDto } from '@lipcast/nest-kit/requests';
import { UserIdDto } from '../users/user.dto';
import { RevokeApiKeyDto, VerifyApiKeyDto } from './api-key.dto';
import { ApiKeysService } from './api-keys.service';

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Handles(Subjects.auth.apiKeysCreate)
  create(@Payload() request: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.apiKeys.create(request);
  }

  @Handles(Subjects.auth.apiKeysList)
  list(@Payload() request: UserIdDto): Promise<ApiKeySummary[]> {
    return this.apiKeys.list(request.userId);
  }

  @Handles(Subjects.auth.apiKeysRevoke)
  revoke(@Payload() request: RevokeApiKeyDto): Promise<ApiKeyRevoked> {
    return this.apiKeys.revoke(request);
  }

  @Handles(Subjects.auth.apiKeysVerify)
  verify(@Payload() request: VerifyApiKeyDto): Promise<VerifiedApiKey> {
    return this.apiKeys.verify(request.key);
  }
}
