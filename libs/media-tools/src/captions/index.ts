// Captions: spoken words → cues → WebVTT / SRT / ASS, and burned into a video by libass.
export { buildCues, captionLayout, CUE_DEFAULTS, wrapWords, type CaptionCue, type CaptionLayout, type CaptionWord, type CueOptions } from './cues';
export { CAPTION_STYLES, toAss, toSrt, toWebVtt, type CaptionStyle } from './subtitle-files';
export { burnCaptions, captionFontsDir, captionsFilter, type BurnCaptions, type CaptionBurnIn } from './burn-in';
