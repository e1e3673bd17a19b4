import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Subjects, type AdminUserSearchRequest, type AdminUserSummary } from '@lipcast/contracts';

const SEARCH_DEFAULT_LIMIT = 50;

class AdminUserSearchDto implements AdminUserSearchRequest {
  @IsString() @MaxLength(320) query!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
}

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  created_at: Date | string;
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
    const rows = await this.em.execute<UserRow[]>(
      `select id, username, email, created_at from auth."user"
       where id::text = ? or username ilike ? or email ilike ?
       order by created_at desc, id limit ?`,
      [query.toLowerCase(), pattern, pattern, request.limit ?? SEARCH_DEFAULT_LIMIT],
    );
    return rows.map((row) => ({ id: row.id, username: row.username, email: row.email, createdAt: new Date(row.created_at).toISOString() }));
  }
}
