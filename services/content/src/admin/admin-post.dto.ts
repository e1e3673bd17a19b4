import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import type { AdminPostIdRequest } from '@lipcast/contracts';

// A post as an operator writes it is `AdminPostDto` (@lipcast/nest-kit/requests), which the gateway checks too.

export class AdminPostIdDto implements AdminPostIdRequest {
  @Type(() => Number) @IsInt({ message: 'No such post' }) @Min(1, { message: 'No such post' }) id!: number;
}
