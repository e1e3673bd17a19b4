import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type CanceledVideo, type Video, type VideoList } from '@lipcast/contracts';
import { CreateVideoDto, ListVideosDto, UserVideoDto } from './videos.dto';
import { VideosService } from './videos.service';

/** The public API's videos (`/api/v1/videos`, behind the gateway's API-key guard). */
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @MessagePattern(Subjects.generation.videoCreate)
  create(@Payload() request: CreateVideoDto): Promise<Video> {
    return this.videos.create(request);
  }

  @MessagePattern(Subjects.generation.videoGet)
  get(@Payload() request: UserVideoDto): Promise<Video> {
    return this.videos.get(request.userId, request.videoId);
  }

  @MessagePattern(Subjects.generation.videosList)
  list(@Payload() request: ListVideosDto): Promise<VideoList> {
    return this.videos.list(request.userId, request.cursor ?? undefined, request.limit ?? undefined);
  }

  @MessagePattern(Subjects.generation.videoCancel)
  cancel(@Payload() request: UserVideoDto): Promise<CanceledVideo> {
    return this.videos.cancel(request.userId, request.videoId);
  }
}
