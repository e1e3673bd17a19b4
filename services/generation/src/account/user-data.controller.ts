import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsUUID } from 'class-validator';
import { Subjects, type DeleteUserDataRequest } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserDataService } from './user-data.service';

class DeleteUserDataDto implements DeleteUserDataRequest {
  @IsUUID() userId!: string;
}

@Controller()
export class UserDataController {
  constructor(private readonly userData: UserDataService) {}

  @Handles(Subjects.generation.userDataDelete)
  delete(@Payload() request: DeleteUserDataDto): Promise<{ deleted: true }> {
    return this.userData.delete(request.userId);
  }
}
