import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type AuthUser, type DeletionStarted, type FingerprintKept } from '@lipcast/contracts';
import { DeleteUserDto, GetUserDto, UpsertUserDto } from './user.dto';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(Subjects.auth.userUpsert)
  upsert(@Payload() request: UpsertUserDto): Promise<AuthUser> {
    return this.users.upsert(request);
  }

  @MessagePattern(Subjects.auth.userDeletionStart)
  startDeletion(@Payload() request: DeleteUserDto): Promise<DeletionStarted> {
    return this.users.startDeletion(request.userId);
  }

  @MessagePattern(Subjects.auth.userFingerprintKeep)
  keepFingerprint(@Payload() request: DeleteUserDto): Promise<FingerprintKept> {
    return this.users.keepFingerprint(request.userId);
  }

  @MessagePattern(Subjects.auth.userDelete)
  delete(@Payload() request: DeleteUserDto): Promise<{ deleted: true }> {
    return this.users.delete(request.userId);
  }

  @MessagePattern(Subjects.auth.userGet)
  get(@Payload() request: GetUserDto): Promise<AuthUser> {
    return this.users.get(request.id);
  }
}
