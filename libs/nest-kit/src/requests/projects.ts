import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, IsUUID, MaxLength } from 'class-validator';
import { PROJECT_TITLE, type RenameProjectBody, type RenameProjectRequest } from '@lipcast/contracts';
import { RequestDto } from './request-dto';

/** `PATCH /api/projects/{id}` (issue 37, item 9): a video's new name on /projects. */
export class RenameProjectBodyDto extends RequestDto implements RenameProjectBody {
  @ApiProperty({ maxLength: PROJECT_TITLE.max, example: 'Spring launch teaser', description: "the video's name; blank removes it (the video is called by its number again)" })
  @IsString({ message: PROJECT_TITLE.messages.max })
  @MaxLength(PROJECT_TITLE.max, { message: PROJECT_TITLE.messages.max })
  title!: string;
}

/** `generation.project.rename.v1`: the caller's history item and its new name. */
export class RenameProjectDto extends RenameProjectBodyDto implements RenameProjectRequest {
  @IsUUID() userId!: string;
  @IsInt({ message: 'No such project' }) projectId!: number;
}
