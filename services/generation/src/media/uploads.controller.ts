import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsEmpty, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { isUploadOf, Subjects, UPLOAD_KEY_PATTERN, VIDEO_PROMPT, type FaceCheckAnswer, type FaceCheckRequest, type UploadCheckRequest } from '@lipcast/contracts';
import { Handles, ServiceError } from '@lipcast/nest-kit';
import { UserDto } from '../user.dto';
import { FaceChecks } from './face-checks';
import { UploadChecks } from './upload-checks';

/** `generation.uploads.check.v1`: the clip request an upload comes with, checked as the clip start will check it. */
class UploadCheckDto extends UserDto implements UploadCheckRequest {
  /** The decoded picture's size. */
  @Type(() => Number) @IsInt({ message: 'bytes must be a whole number' }) @Min(1) @Max(64 * 1024 * 1024) bytes!: number;
  @IsOptional() @IsString() @MaxLength(VIDEO_PROMPT.max, { message: VIDEO_PROMPT.messages.max }) prompt?: string;
  /** An upload starts a project of its own; it cannot be an existing project's image. */
  @IsEmpty({ message: "image must be this project's image" }) projectId?: number;
}

/** `generation.faces.check.v1`: a picture the gateway holds in the user's uploads while it is checked. */
class FaceCheckDto extends UserDto implements FaceCheckRequest {
  @IsString() @MaxLength(300) @Matches(UPLOAD_KEY_PATTERN, { message: 'key must be an upload' }) key!: string;
}

@Controller()
export class UploadsController {
  constructor(
    private readonly checks: UploadChecks,
    private readonly faceChecks: FaceChecks,
  ) {}

  /** The Creator's check of a chosen picture before any generation: `{ok: true}`, or the refusal and its message. Nothing is charged. */
  @Handles(Subjects.generation.facesCheck)
  checkFaces(@Payload() request: FaceCheckDto): Promise<FaceCheckAnswer> {
    if (!isUploadOf(request.userId, request.key)) throw ServiceError.validation('key must be one of your uploads', { field: 'key' });
    return this.faceChecks.checkPicture(request.key);
  }

  @Handles(Subjects.generation.uploadCheck)
  check(@Payload() request: UploadCheckDto): Promise<{ allowed: true }> {
    return this.checks.check(request.userId, request.bytes);
  }
}
