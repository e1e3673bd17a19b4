import { IsArray, IsInt, IsObject, IsUUID, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { BATCH_MAX_ROWS, type BatchRowInput, type CreateBatchRequest, type ListBatchesRequest, type RetryBatchRowRequest, type UserBatchRequest } from '@lipcast/contracts';
import { ListVideosDto } from '@lipcast/nest-kit/requests';
import { UserDto } from '../user.dto';

/** The rows themselves are checked one by one by the service, each answered with its own error. */
export class CreateBatchDto extends UserDto implements CreateBatchRequest {
  @IsArray({ message: 'rows must be a list' })
  @IsObject({ each: true, message: 'each row must be an object' })
  rows!: BatchRowInput[];

  @Type(() => Number)
  @IsInt()
  @Min(0)
  availableGenerations!: number;
}

export class UserBatchDto extends UserDto implements UserBatchRequest {
  @IsUUID('all', { message: 'No such batch' }) batchId!: string;
}

export class RetryBatchRowDto extends UserBatchDto implements RetryBatchRowRequest {
  @Type(() => Number)
  @IsInt({ message: 'No such row' })
  @Min(1, { message: 'No such row' })
  @Max(BATCH_MAX_ROWS, { message: 'No such row' })
  row!: number;
}

/** Paged as the videos' list: the same cursor and limit checks. */
export class ListBatchesDto extends ListVideosDto implements ListBatchesRequest {}
