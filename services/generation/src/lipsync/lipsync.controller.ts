import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsNumber, IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { Subjects, type AudioParams, type CaptionsChoice, type JobState, type UserLipSyncRequest, type VideoFormatId } from '@lipcast/contracts';
import { IsVideoFormat } from '../jobs/video-format.validation';
import { IsCaptionsChoice } from '../captions/captions.validation';
import { LipSyncService } from './lipsync.service';

class LipSyncDto implements UserLipSyncRequest {
  @IsUUID() userId!: string;
  @IsString({ message: 'video is required' }) @MaxLength(2000) video!: string;
  @IsOptional() @IsString() @MaxLength(2000) audio?: string;
  @IsOptional() @IsString() @MaxLength(2000) audioUrl?: string;
  @IsOptional() @Type(() => Number) @IsNumber() videoDuration?: number;
  @IsOptional() @IsObject() audioParams?: AudioParams;
  @IsVideoFormat() format?: VideoFormatId;
  @IsCaptionsChoice() captions?: CaptionsChoice;
}

@Controller()
export class LipSyncController {
  constructor(private readonly lipSync: LipSyncService) {}

  @MessagePattern(Subjects.generation.lipsyncStart)
  start(@Payload() request: LipSyncDto): Promise<JobState> {
    return this.lipSync.start(request);
  }
}
