import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, voiceInfo, type Actor, type ApiV1List, type VoiceInfo } from '@lipcast/contracts';
import { PublicReads } from '../http/public-reads';
import { RequireScopes } from './api-key-owner';
import { ApiV1Controller } from './api-v1-controller';
import { ApiV1ActorListDto, ApiV1VoiceListDto } from './api-v1.dto';

/**
 * What a video can be made with: the same actors and voices the app offers, read through the same
 * in-process cache. No `Cache-Control: public` as on the app's routes: an answer to a request with a
 * key is not for shared caches.
 */
@ApiTags('catalog')
@ApiV1Controller('')
@RequireScopes('videos:read')
export class CatalogV1Controller {
  constructor(private readonly reads: PublicReads) {}

  @Get('actors')
  @ApiOperation({ summary: 'The built-in actors a video can use', description: 'Scope: `videos:read`.' })
  @ApiOkResponse({ type: ApiV1ActorListDto })
  async actors(): Promise<ApiV1List<Actor>> {
    return { data: await this.reads.send(Subjects.generation.actorsList, {}) };
  }

  @Get('voices')
  @ApiOperation({ summary: 'The voices a video can speak with', description: 'Scope: `videos:read`.' })
  @ApiOkResponse({ type: ApiV1VoiceListDto })
  async voices(): Promise<ApiV1List<VoiceInfo>> {
    const ids = await this.reads.send(Subjects.generation.voicesList, {});
    return { data: ids.map(voiceInfo) };
  }
}
