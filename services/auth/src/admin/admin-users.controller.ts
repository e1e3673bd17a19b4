import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { ADMIN_USER_IDS_MAX, Subjects, type AdminUserSearchRequest, type AdminUserSummary } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { UsersRepository, type UserSummaryRow } from '../users/users.repository';

const SEARCH_DEFAULT_LIMIT = 50;

class AdminUserSearchDto implements AdminUserSearchRequest {
  @IsString() @MaxLength(320) query!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsArray() @ArrayMaxSize(ADMIN_USER_IDS_MAX) @IsUUID('all', { each: true }) ids?: string[];
}

/** The operator console's user lookup (the gateway lets only operators send it). */
@Controller()
export class AdminUsersController {
  constructor(private readonly users: UsersRepository) {}

  @Handles(Subjects.auth.adminUsersSearch)
  async search(@Payload() request: AdminUserSearchDto): Promise<AdminUserSummary[]> {
    const query = request.query.trim();
    const users = request.ids ? await this.named(request.ids, query) : await this.users.search(query, request.limit ?? SEARCH_DEFAULT_LIMIT);
    return users.map((user) => ({ id: user.id, username: user.username, email: user.email ?? null, createdAt: user.createdAt.toISOString() }));
  }

  /** The users among `ids` (any letter case) that `query` matches too, as `search` would (any of them for an empty query); no limit but the ids'. */
  private async named(ids: string[], query: string): Promise<UserSummaryRow[]> {
    const found = await this.users.summariesOf([...new Set(ids.map((id) => id.toLowerCase()))]);
    if (!query) return found;
    const needle = query.toLowerCase();
    return found.filter((user) => user.id === needle || user.username.toLowerCase().includes(needle) || (user.email ?? '').toLowerCase().includes(needle));
  }
}
