import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, type NewsletterSubscribeRequest } from '@lipcast/contracts';

export class SubscribeDto implements NewsletterSubscribeRequest {
  // A pasted address often carries spaces around it.
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: INVALID_EMAIL_MESSAGE })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `The e-mail address must be at most ${EMAIL_MAX_LENGTH} characters` })
  @IsEmail({}, { message: INVALID_EMAIL_MESSAGE })
  email!: string;
}
