import { IsString, IsUUID, Length } from 'class-validator';
import type { GetAccountRequest } from '@lipcast/contracts';

/** A request about one user: their account, subscription or ledger. */
export class UserDto implements GetAccountRequest {
  @IsUUID()
  userId!: string;
}

/** A request about one job's reservation. */
export class JobDto {
  @IsString()
  @Length(1, 100)
  jobId!: string;
}
