import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { GetPostRequest } from '@lipcast/contracts';

export class GetPostDto implements GetPostRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  slug!: string;
}
