import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { builtInActor } from '@lipcast/media-engine';
import { BATCH_CSV_COLUMNS, ownActorIdOf, UNKNOWN_ACTOR_MESSAGE, type BatchRowField, type BatchRowInput } from '@lipcast/contracts';
import { ServiceError } from '@lipcast/nest-kit';
import { CreateVideoDto } from '@lipcast/nest-kit/requests';
import type { AudioService } from '../audio/audio.service';

/** Why a row is not run: the message, and the field it is about (null: none of the row's fields). */
export interface BatchRowError {
  error: string;
  field: BatchRowField | null;
}

/** The speech check a row needs: the audio service's, which knows the active provider's voices. */
export type RowSpeechCheck = Pick<AudioService, 'paramsOf'>;

/** A DTO property as a row's field; null for one a row does not have (a JSON row may send any key). */
const rowFieldOf = (property: string): BatchRowField | null => (BATCH_CSV_COLUMNS.includes(property as BatchRowField) ? (property as BatchRowField) : null);

/** The fields a row keeps once valid: a video create's, numbers read from the CSV's text. */
const rowSpecOf = (dto: CreateVideoDto): BatchRowInput => ({
  actor: dto.actor,
  influencer: dto.influencer,
  script: dto.script,
  voice: dto.voice,
  emotion: dto.emotion,
  speed: dto.speed,
  pitch: dto.pitch,
});

/**
 * A row as a video create, checked by the create's own rules: the create ready to start, or the
 * first problem: of a field's failed rules, the one written first (class-validator checks them
 * bottom-up), so a missing script is "script is required", not a length.
 */
async function videoCreateOfRow(userId: string, input: BatchRowInput): Promise<{ create: CreateVideoDto } | BatchRowError> {
  const create = plainToInstance(CreateVideoDto, { ...input, userId });
  const [first] = await validate(create, { forbidUnknownValues: false });
  if (first) return { error: Object.values(first.constraints ?? {}).at(-1) ?? `${first.property} is not valid`, field: rowFieldOf(first.property) };
  return { create };
}

/**
 * A video create's checks on a batch row without starting it: the DTO's rules, one of actor and
 * influencer, a built-in actor, a known voice. The row's spec to keep, or its error with the field
 * the failed rule is about.
 */
export async function checkBatchRow(userId: string, input: BatchRowInput, speech: RowSpeechCheck): Promise<{ spec: BatchRowInput } | BatchRowError> {
  const checked = await videoCreateOfRow(userId, input);
  if ('error' in checked) return checked;
  const dto = checked.create;
  if ((dto.actor === undefined) === (dto.influencer === undefined)) return { error: 'Give either actor or influencer', field: 'actor' };
  // An own actor (`own:<id>`) is looked up when its video is made, like an influencer.
  if (dto.actor !== undefined && !builtInActor(dto.actor) && ownActorIdOf(dto.actor) === undefined) return { error: UNKNOWN_ACTOR_MESSAGE, field: 'actor' };
  try {
    // A cloned voice's owner is checked when the row's video is made (its plan), like an own actor.
    speech.paramsOf({ text: dto.script, voice_id: dto.voice, emotion: dto.emotion, speed: dto.speed, pitch: dto.pitch }, 'checked-after');
  } catch (error) {
    // The DTO checked the other settings: what the speech check refuses is the voice, unknown to the provider.
    return { error: error instanceof ServiceError ? error.payload.message : String(error), field: 'voice' };
  }
  return { spec: rowSpecOf(dto) };
}
