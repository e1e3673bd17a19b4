import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Subjects, type AdminUserSearchRequest, type AdminUserSummary } from '@lipcast/contracts';
import { authDatabase } from '../database';

const SEARCH_DEFAULT_LIMIT = 50;

class AdminUserSearchDto implements AdminUserSearchRequest {
  @IsString() @MaxLength(320) query!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

/** `%` and `_` typed by an operator are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The operator console's user lookup (the gateway lets only operators send it). */
@Controller()
export class AdminUsersController {
  constructor(private readonly em: EntityManager) {}

  /** Users whose id is the query, or whose username or e-mail contains it (case-insensitive), newest first; an empty query lists the newest. */
  @MessagePattern(Subjects.auth.adminUsersSearch)
  async search(@Payload() request: AdminUserSearchDto): Promise<AdminUserSummary[]> {
    const query = request.query.trim();
    const pattern = `%${escapeLike(query)}%`;
    const users = await authDatabase(this.em)
      .selectFrom('user')
      .select(['id', 'username', 'email', 'createdAt'])
      .where((eb) => eb.or([eb(eb.cast<string>('id', 'text'), '=', query.toLowerCase()), eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]))
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(request.limit ?? SEARCH_DEFAULT_LIMIT)
      .execute();
    return users.map((user) => ({ id: user.id, username: user.username, email: user.email ?? null, createdAt: user.createdAt.toISOString() }));
  }
}
