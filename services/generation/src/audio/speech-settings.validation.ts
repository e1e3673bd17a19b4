import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { ACCEPTED_EMOTIONS, SPEECH_PITCH, SPEECH_SPEED, SpeechSettingMessages } from '@lipcast/contracts';

/**
 * The speech settings as every request that speaks checks them (the wizard's audio, the public
 * API's videos and batch rows): optional, in the ranges of contracts' `SPEECH_SPEED`/`SPEECH_PITCH`.
 */
export const IsSpeechEmotion = () => applyDecorators(IsOptional(), IsIn(ACCEPTED_EMOTIONS, { message: SpeechSettingMessages.emotion }));

export const IsSpeechSpeed = () => {
  const message = SpeechSettingMessages.speed;
  return applyDecorators(IsOptional(), Type(() => Number), IsNumber({}, { message }), Min(SPEECH_SPEED.min, { message }), Max(SPEECH_SPEED.max, { message }));
};

export const IsSpeechPitch = () => {
  const message = SpeechSettingMessages.pitch;
  return applyDecorators(IsOptional(), Type(() => Number), IsInt({ message }), Min(SPEECH_PITCH.min, { message }), Max(SPEECH_PITCH.max, { message }));
};
