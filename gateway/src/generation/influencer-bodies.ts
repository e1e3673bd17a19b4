import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import type { InfluencerVideoRequest } from '@lipcast/contracts';

/** Longest media URL the generation service takes for an image (its own rule; a data: URL is an upload instead). */
export const MAX_IMAGE_URL_LENGTH = 2000;
/** Longest clip prompt the generation service takes. */
export const MAX_VIDEO_PROMPT_LENGTH = 1000;

const IMAGE_MESSAGE = 'image must be an uploaded picture (a data: URL) or one of your images';

/** An upload (`data:`, bounded by the route's body size limit) or a media URL of normal length. */
const IsImageReference = () =>
  ValidateBy({
    name: 'isImageReference',
    validator: {
      // Not a string at all is @IsString's to say.
      validate: (value: unknown) => typeof value !== 'string' || value.startsWith('data:') || value.length <= MAX_IMAGE_URL_LENGTH,
      defaultMessage: () => IMAGE_MESSAGE,
    },
  });

/**
 * `POST /api/ai-influencer/video`, checked here as well as in the generation service: the upload
 * route takes 14 MB bodies, and a long string that is not an upload must be refused before it is
 * put on NATS, whose messages are far smaller.
 */
export class InfluencerVideoBody implements Omit<InfluencerVideoRequest, 'projectId'> {
  @ApiProperty({ description: 'an uploaded picture as a data: URL (JPEG, PNG or WebP, up to 10 MB), or the media URL of one of your images' })
  @IsString({ message: 'image is required' })
  @IsImageReference()
  image!: string;

  @ApiPropertyOptional({ maxLength: MAX_VIDEO_PROMPT_LENGTH })
  @IsOptional()
  @IsString({ message: 'prompt must be text' })
  @MaxLength(MAX_VIDEO_PROMPT_LENGTH, { message: 'Prompt cannot exceed 1000 characters.' })
  prompt?: string;
}

/** `POST /api/ai-influencer/projects/{id}/approve`: no body, or `{approved}` (default true). */
export class ApproveInfluencerBody {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'approved must be true or false' })
  approved?: boolean;
}
