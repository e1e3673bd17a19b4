import { IsIn, IsString, Length, Matches } from 'class-validator';
import { REMOTE_NAMES, REMOTE_VERSION_PATTERN, type RemoteHistoryRequest, type RemoteName, type RemotePublishRequest, type RemoteReleaseRequest, type RemoteRollbackRequest } from '@lipcast/contracts';

const REMOTE_MESSAGE = `remote must be one of ${REMOTE_NAMES.join(', ')}`;
const VERSION_MESSAGE = 'version must look like 1.4.0 (or 1.4.0-rc.1)';

export class RemoteHistoryDto implements RemoteHistoryRequest {
  @IsIn(REMOTE_NAMES, { message: REMOTE_MESSAGE }) remote!: RemoteName;
}

export class RemoteRollbackDto extends RemoteHistoryDto implements RemoteRollbackRequest {
  @IsString() @Length(1, 120, { message: 'by must be 1 to 120 characters' }) by!: string;
}

export class RemoteReleaseDto extends RemoteRollbackDto implements RemoteReleaseRequest, RemotePublishRequest {
  @IsString({ message: VERSION_MESSAGE }) @Matches(REMOTE_VERSION_PATTERN, { message: VERSION_MESSAGE }) version!: string;
}
