import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { BatchRowInput } from '@lipcast/contracts';
import { CreateVideoDto } from '../videos/videos.dto';

/**
 * A row as a video create, checked by the create's own rules: the create ready to start, or the
 * first problem's message: of a field's failed rules, the one written first (class-validator checks
 * them bottom-up), so a missing script is "script is required", not a length.
 */
export async function videoCreateOfRow(userId: string, input: BatchRowInput): Promise<{ create: CreateVideoDto } | { error: string }> {
  const create = plainToInstance(CreateVideoDto, { ...input, userId });
  const [first] = await validate(create, { forbidUnknownValues: false });
  if (first) return { error: Object.values(first.constraints ?? {}).at(-1) ?? `${first.property} is not valid` };
  return { create };
}
