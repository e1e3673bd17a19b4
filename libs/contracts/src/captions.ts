/**
 * Captions: every spoken video gets word-timed captions (a WebVTT track and an SRT file beside it);
 * the choice says whether they are also burned into the picture, and in which style.
 */

/** `none`: the track and files only; otherwise the burned-in style: a clean lower third, a bold word-by-word highlight, text on an opaque box. */
export const CAPTION_CHOICES = ['none', 'clean', 'bold', 'boxed'] as const;
export type CaptionsChoice = (typeof CAPTION_CHOICES)[number];

/** Unless said, captions are not burned in (the track is still made). */
export const DEFAULT_CAPTIONS: CaptionsChoice = 'none';

export const CAPTION_CHOICE_LABELS: Record<CaptionsChoice, string> = {
  none: 'Not burned in (player track and downloads only)',
  clean: 'Clean lower third',
  bold: 'Bold, word by word',
  boxed: 'Boxed',
};

export function isCaptionsChoice(value: unknown): value is CaptionsChoice {
  return typeof value === 'string' && (CAPTION_CHOICES as readonly string[]).includes(value);
}

/** The message of a request naming an unknown caption style (the API's validation and the service's). */
export const CAPTIONS_MESSAGE = `captions must be one of: ${CAPTION_CHOICES.join(', ')}`;

/** A finished video's captions, on the media route. */
export interface CaptionFiles {
  /** WebVTT, for the player's `<track kind="captions">`. */
  vttUrl: string;
  /** SubRip, for editors. */
  srtUrl: string;
  /**
   * Whether the same captions are burned into the picture: the player's track is then off unless
   * turned on, so they are not shown twice. The service always says; absent (a result a browser kept
   * from before) means not burned in.
   */
  burnedIn?: boolean;
}
