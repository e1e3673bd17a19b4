import { Type } from 'class-transformer';
import { IsInt, IsString, IsUUID, Length, Matches, Min } from 'class-validator';
import {
  NEWSLETTER_BODY_MAX_LENGTH, NEWSLETTER_SUBJECT_MAX_LENGTH, type AdminNewsletterResumeRequest, type AdminNewsletterSendRequest,
} from '@lipcast/contracts';

/** An issue as the operator wrote it, with the operator (`content.admin.newsletter.issues.send.v1`; the gateway validates the same shape). */
export class NewsletterIssueSendDto implements AdminNewsletterSendRequest {
  @IsString({ message: 'subject is required' })
  @Matches(/\S/, { message: 'subject is required' })
  @Length(1, NEWSLETTER_SUBJECT_MAX_LENGTH, { message: `subject must be 1 to ${NEWSLETTER_SUBJECT_MAX_LENGTH} characters` })
  subject!: string;

  @IsString({ message: 'body is required' })
  @Matches(/\S/, { message: 'body is required' })
  @Length(1, NEWSLETTER_BODY_MAX_LENGTH, { message: `body must be 1 to ${NEWSLETTER_BODY_MAX_LENGTH} characters` })
  body!: string;

  @IsUUID() operatorId!: string;
  @IsString() @Length(1, 200) operatorName!: string;
}

export class NewsletterIssueResumeDto implements AdminNewsletterResumeRequest {
  @Type(() => Number) @IsInt({ message: 'No such newsletter issue' }) @Min(1, { message: 'No such newsletter issue' }) id!: number;
  @IsUUID() operatorId!: string;
  @IsString() @Length(1, 200) operatorName!: string;
}
