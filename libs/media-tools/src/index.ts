// ffmpeg and what is built on it: the locator and runner, the probe, broadcast-ready sound (`sound.ts`), the limits every outside
// picture or clip is checked against, the H.264 encoder and the still-to-clip move; for tests, a
// PNG header that declares a size. Captions (`captions/`): words → cues → WebVTT, SRT and ASS, burned in by libass.
export { chooseFfmpeg, ffmpegInfo, ffmpegPath, runFfmpeg, SYSTEM_FFMPEG, type FfmpegInfo, type FfmpegRun } from './ffmpeg';
export { probeMedia, type MediaInfo } from './probe';
export { labelContainer, type LabelOptions } from './ai-label';
export { BROADCAST_AAC, BROADCAST_MP3, BROADCAST_SOUND, broadcastAudioFilter, encodeBroadcastMp3, measureLoudness, meterLoudness, SILENCE_FLOOR_LUFS, type LoudnessMeasurement, type SoundSource } from './sound';
export { checkDuration, checkInputSize, checkMediaInput, CLIP_LIMITS, MAX_PIXELS_OPTION, MEDIA_LIMITS, MediaLimitMessages, type InputSize } from './media-limits';
export { encodeJpeg, encodeVideo, loopVideo, type VideoEncoding } from './video-encoder';
export { blurredFill, faceFraming, type Framing, type Size } from './framing';
export { stillToClip, type StillToClip } from './still-to-clip';
export { spliceSpeech, spliceVideo, type SpeechSplice, type VideoSplice } from './splice';
export { ProviderError } from './provider-error';
export * from './captions';
export { pngHeaderDeclaring } from './testing';
