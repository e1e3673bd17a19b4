import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type RemoteHistory, type RemoteLiveVersion, type RemoteLiveVersions } from '@lipcast/contracts';
import { RemoteHistoryDto, RemoteReleaseDto, RemoteRollbackDto } from './remote-registry.dto';
import { RemoteRegistryService } from './remote-registry.service';

/** The remote registry: `npm run remote` publishes, releases and rolls back; the gateway reads what is live. */
@Controller()
export class RemoteRegistryController {
  constructor(private readonly registry: RemoteRegistryService) {}

  @MessagePattern(Subjects.content.remotePublish)
  publish(@Payload() request: RemoteReleaseDto): Promise<RemoteHistory> {
    return this.registry.publish(request.remote, request.version, request.by);
  }

  @MessagePattern(Subjects.content.remoteRelease)
  release(@Payload() request: RemoteReleaseDto): Promise<RemoteLiveVersion> {
    return this.registry.release(request.remote, request.version, request.by);
  }

  @MessagePattern(Subjects.content.remoteRollback)
  rollback(@Payload() request: RemoteRollbackDto): Promise<RemoteLiveVersion> {
    return this.registry.rollback(request.remote, request.by);
  }

  @MessagePattern(Subjects.content.remotesLive)
  live(): Promise<RemoteLiveVersions> {
    return this.registry.live();
  }

  @MessagePattern(Subjects.content.remoteHistory)
  history(@Payload() request: RemoteHistoryDto): Promise<RemoteHistory> {
    return this.registry.history(request.remote);
  }
}
