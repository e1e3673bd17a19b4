// The offline generative engine: drawn characters (looks from a prompt's words, portraits, idle and
// talking clips), speech (espeak-ng with phoneme timings), mouth tracks and a real photo's lip-sync.
// The ffmpeg helpers it is built on are @lipcast/media-tools.
export { BUILT_IN_ACTORS, builtInActor, type BuiltInActor } from './characters/actors';
export { drawnMouthBox, FPS, renderIdleClip, renderPortrait, renderTalkingClip, type ClipOptions } from './characters/animation';
export { lookFromPrompt, readDescription, seededRandom, type Backdrop, type CharacterLook, type DescriptionReading, type HairStyle, type Mood } from './characters/look';
export { analyseFaces, clipTiming, FACE_CHECK_LIMITS, judgeFrame, judgeFrames, rollOfMesh, yawOfMesh, type AnalysedFace, type AnalysedFrame, type FaceAnalysis, type FaceVerdict } from './faces/face-check';
export { makeFaceClip, makeFaceFixture, type FaceClipOptions, type FaceFixture } from './faces/face-fixtures';
export { MOUTH_LEAD_MS, mouthTrack, type MouthFrame } from './lipsync/mouth-track';
export { scoreLipSync, scoreRender, scoreVideoFile, type VideoToScore } from './lipsync/sync-check';
export { estimateSync, innerMouthBox, speechEnvelope, type MouthReading, type PixelBox, type SyncScore } from './lipsync/sync-score';
export { findFaceCentre, frameVideo, framingFor } from './lipsync/framing';
export {
  FOOTAGE_ENCODING,
  findMouths,
  FOOTAGE_MAX_SIZE,
  footageVideo,
  mouthAt,
  NoFaceError,
  PHOTO_CLIP_PRESET,
  renderPhotoTalkingClip,
  sampleMouths,
  type ClipLoop,
  type PhotoClipOptions,
  type SampledMouths,
  type VideoShape,
} from './lipsync/photo-lipsync';
export { decodeAudio, encodeMp3, encodeWav } from './speech/audio-file';
export { SpeechInputError, synthesizeSpeech, type SpeechRequest, type SpeechResult, type TimedUnit } from './speech/synthesizer';
export { alignWords, trimToVoice, voicedSegments, wordWeight, type VoicedSegment } from './speech/word-aligner';
