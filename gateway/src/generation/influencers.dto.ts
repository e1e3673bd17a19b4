import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/**
 * `POST /api/ai-influencer/check-image`: a picture chosen in the Creator, as the data: URL it would
 * upload with its clip (the route takes the same 14 MB bodies; the picture's own limits are checked
 * after). The gateway's own: the service checks the stored picture's key.
 */
export class CheckImageDto {
  @ApiProperty({ description: 'the chosen picture as a data: URL (JPEG, PNG or WebP, up to 10 MB)' })
  @IsString({ message: 'image is required' })
  @Matches(/^data:/, { message: 'image must be an uploaded picture (a data: URL)' })
  image!: string;
}
