import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type CanceledVideo, type Video, type VideoList } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { CreateVideoDto, ListVideosDto } from '@lipcast/nest-kit/requests';
import { UserVideoDto } from './videos.dto';
import { VideosService } from './videos.service';

/** The public API's videos (`/api/v1/videos`, behind the gateway's API-key guard). */
@Controller()
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @Handles(Subjects.generation.videoCreate)
  create(@Payload() request: CreateVideoDto): Promise<Video> {
    return this.videos.create(request);
  }

  @Handles(Subjects.generation.videoGet)
  get(@Payload() request: UserVideoDto): Promise<Video> {
    return this.videos.get(request.userId, request.videoId);
  }

  @Handles(Subjects.generation.videosList)
  list(@Payload() request: ListVideosDto): Promise<VideoList> {
    return this.videos.list(request.userId, request.cursor ?? undefined, request.limit ?? undefined);
  }

  @Handles(Subjects.generation.videoCancel)
  cancel(@Payload() request: UserVideoDto): Promise<CanceledVideo> {
    return this.videos.cancel(request.userId, request.videoId);
  }
}
