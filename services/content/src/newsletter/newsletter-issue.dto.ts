import { Type } from 'class-transformer';
import { IsInt, IsString, IsUUID, Length, Min } from 'class-validator';
import type { AdminNewsletterResumeRequest } from '@lipcast/contracts';

// An issue to send is `AdminNewsletterSendDto` (@lipcast/nest-kit/requests), whose body the gateway checks too.

export class NewsletterIssueResumeDto implements AdminNewsletterResumeRequest {
  @Type(() => Number) @IsInt({ message: 'No such newsletter issue' }) @Min(1, { message: 'No such newsletter issue' }) id!: number;
  @IsUUID() operatorId!: string;
  @IsString() @Length(1, 200) operatorName!: string;
}
