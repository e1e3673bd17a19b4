import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Subjects, type AdminUserSearchRequest, type AdminUserSummary } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UsersRepository } from '../users/users.repository';

const SEARCH_DEFAULT_LIMIT = 50;

class AdminUserSearchDto implements AdminUserSearchRequest {
  @IsString() @MaxLength(320) query!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

/** The operator console's user lookup (the gateway lets only operators send it). */
@Controller()
export class AdminUsersController {
  constructor(private readonly users: UsersRepository) {}

  @Handles(Subjects.auth.adminUsersSearch)
  async search(@Payload() request: AdminUserSearchDto): Promise<AdminUserSummary[]> {
    const users = await this.users.search(request.query.trim(), request.limit ?? SEARCH_DEFAULT_LIMIT);
    return users.map((user) => ({ id: user.id, username: user.username, email: user.email ?? null, createdAt: user.createdAt.toISOString() }));
  }
}
