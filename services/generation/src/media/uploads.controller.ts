import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsEmpty, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Subjects, type UploadCheckRequest } from '@lipcast/contracts';
import { UploadChecks } from './upload-checks';

/** `generation.uploads.check.v1`: the clip request an upload comes with, checked as the clip start will check it. */
class UploadCheckDto implements UploadCheckRequest {
  @IsUUID() userId!: string;
  /** The decoded picture's size. */
  @Type(() => Number) @IsInt({ message: 'bytes must be a whole number' }) @Min(1) @Max(64 * 1024 * 1024) bytes!: number;
  @IsOptional() @IsString() @MaxLength(1000, { message: 'Prompt cannot exceed 1000 characters.' }) prompt?: string;
  /** An upload starts a project of its own; it cannot be an existing project's image. */
  @IsEmpty({ message: "image must be this project's image" }) projectId?: number;
}

@Controller()
export class UploadsController {
  constructor(private readonly checks: UploadChecks) {}

  @MessagePattern(Subjects.generation.uploadCheck)
  check(@Payload() request: UploadCheckDto): Promise<{ allowed: true }> {
    return this.checks.check(request.userId, request.bytes);
  }
}
