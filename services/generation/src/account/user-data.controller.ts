import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UserDto } from '../user.dto';
import { UserDataService } from './user-data.service';

@Controller()
export class UserDataController {
  constructor(private readonly userData: UserDataService) {}

  @Handles(Subjects.generation.userDataDelete)
  delete(@Payload() request: UserDto): Promise<{ deleted: true }> {
    return this.userData.delete(request.userId);
  }
}
