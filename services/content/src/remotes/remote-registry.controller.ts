import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type RemoteHistory, type RemoteLiveVersion, type RemoteLiveVersions } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { RemoteHistoryDto, RemoteReleaseDto, RemoteRollbackDto } from './remote-registry.dto';
import { RemoteRegistryService } from './remote-registry.service';

/** The remote registry: `npm run remote` publishes, releases and rolls back; the gateway reads what is live. */
@Controller()
export class RemoteRegistryController {
  constructor(private readonly registry: RemoteRegistryService) {}

  @Handles(Subjects.content.remotePublish)
  publish(@Payload() request: RemoteReleaseDto): Promise<RemoteHistory> {
    return this.registry.publish(request.remote, request.version, request.by);
  }

  @Handles(Subjects.content.remoteRelease)
  release(@Payload() request: RemoteReleaseDto): Promise<RemoteLiveVersion> {
    return this.registry.release(request.remote, request.version, request.by);
  }

  @Handles(Subjects.content.remoteRollback)
  rollback(@Payload() request: RemoteRollbackDto): Promise<RemoteLiveVersion> {
    return this.registry.rollback(request.remote, request.by);
  }

  @Handles(Subjects.content.remotesLive)
  live(): Promise<RemoteLiveVersions> {
    return this.registry.live();
  }

  @Handles(Subjects.content.remoteHistory)
  history(@Payload() request: RemoteHistoryDto): Promise<RemoteHistory> {
    return this.registry.history(request.remote);
  }
}
