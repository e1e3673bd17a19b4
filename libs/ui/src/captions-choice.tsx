import { CAPTION_CHOICE_LABELS, CAPTION_CHOICES, type CaptionsChoice as CaptionsChoiceValue } from '@lipcast/contracts';
import { RadioCards, type ChoiceProps } from './radio-cards';

const OPTIONS = CAPTION_CHOICES.map((choice) => ({ value: choice, label: CAPTION_CHOICE_LABELS[choice] }));

/**
 * Whether a video's captions are burned into the picture, and in which style, as a radio group of
 * contracts' `CAPTION_CHOICES` ("not burned in" first, the default). Every spoken video gets its
 * captions track and files either way; the hint says so. Labelled "Burned-in captions" unless said.
 */
export function CaptionsChoice({ label = 'Burned-in captions', ...props }: ChoiceProps<CaptionsChoiceValue>) {
  return <RadioCards {...props} label={label} hint="Every video gets captions you can turn on in the player and download (SRT, VTT)." options={OPTIONS} />;
}
