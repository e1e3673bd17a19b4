import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import {
  EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, POSTS_MAX_PAGE, POSTS_PAGE_SIZE, type ListPostsRequest, type MailPreferences, type MailPreferencesUpdate, type NewsletterSubscribeRequest,
} from '@lipcast/contracts';
import { RequestDto } from './request-dto';

// The blog's list, the newsletter's sign-up and the mail preferences, as the gateway takes them and the content service.

/** `GET /api/blog/posts` (`content.posts.list.v1` as it is): the first page of the default size unless said. */
export class ListPostsQuery extends RequestDto implements ListPostsRequest {
  @ApiPropertyOptional({ description: 'Accepted for the spec\'s `?published=true`; the public list holds only published posts whatever it says' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: POSTS_MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  // Unbounded, (page - 1) * pageSize overflowed PostgreSQL's OFFSET (a 500).
  @Max(POSTS_MAX_PAGE, { message: `page must be ${POSTS_MAX_PAGE} or less` })
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: POSTS_PAGE_SIZE.max, default: POSTS_PAGE_SIZE.default })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number' })
  @Min(1, { message: `pageSize must be between 1 and ${POSTS_PAGE_SIZE.max}` })
  @Max(POSTS_PAGE_SIZE.max, { message: `pageSize must be between 1 and ${POSTS_PAGE_SIZE.max}` })
  pageSize: number = POSTS_PAGE_SIZE.default;
}

/** `POST /api/newsletter` (`content.newsletter.subscribe.v1` as it is). */
export class SubscribeBody extends RequestDto implements NewsletterSubscribeRequest {
  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  // A pasted address often carries spaces around it.
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: INVALID_EMAIL_MESSAGE })
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `The e-mail address must be at most ${EMAIL_MAX_LENGTH} characters` })
  email!: string;
}

/** `PUT /api/profile/mail-preferences`. */
export class MailPreferencesBody extends RequestDto implements MailPreferences {
  @ApiProperty({ description: 'Mail me when a video finishes while no page of mine follows it' })
  @IsBoolean({ message: 'videoReady must be true or false' })
  videoReady!: boolean;
}

/** `content.mail.preferences.set.v1`. */
export class UserMailPreferencesDto extends MailPreferencesBody implements MailPreferencesUpdate {
  @IsUUID() userId!: string;
}
