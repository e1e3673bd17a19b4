import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type AuthUser, type DeletionStarted, type FingerprintKept } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { GetUserDto, UpsertUserDto, UserIdDto } from './user.dto';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Handles(Subjects.auth.userUpsert)
  upsert(@Payload() request: UpsertUserDto): Promise<AuthUser> {
    return this.users.upsert(request);
  }

  @Handles(Subjects.auth.userDeletionStart)
  startDeletion(@Payload() request: UserIdDto): Promise<DeletionStarted> {
    return this.users.startDeletion(request.userId);
  }

  @Handles(Subjects.auth.userFingerprintKeep)
  keepFingerprint(@Payload() request: UserIdDto): Promise<FingerprintKept> {
    return this.users.keepFingerprint(request.userId);
  }

  @Handles(Subjects.auth.userDelete)
  delete(@Payload() request: UserIdDto): Promise<{ deleted: true }> {
    return this.users.delete(request.userId);
  }

  @Handles(Subjects.auth.userGet)
  get(@Payload() request: GetUserDto): Promise<AuthUser> {
    return this.users.get(request.id);
  }
}
