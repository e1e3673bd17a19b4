import { Module } from '@nestjs/common';
import { FaceCheckPort } from '../ports/face-check.port';
import { ImagePort, ImageToVideoPort } from '../ports/image.port';
import { EMBEDDED_LIP_SYNC, LipSyncPort } from '../ports/lipsync.port';
import { ProviderPredictions } from '../ports/predictions.port';
import { ScriptPort } from '../ports/script.port';
import { SpeechPort } from '../ports/speech.port';
import { TranscriberPort } from '../ports/transcriber.port';
import { VoiceClonePort } from '../ports/voice-clone.port';
import { WordAlignerPort } from '../ports/word-aligner.port';
import { providerBindings } from './providers';

/** The ports (ports/), each bound to the adapter its settings choose (providers/): the bottom layer, it imports no feature. */
@Module({
  providers: providerBindings,
  exports: [SpeechPort, WordAlignerPort, LipSyncPort, EMBEDDED_LIP_SYNC, ImagePort, ImageToVideoPort, ScriptPort, FaceCheckPort, ProviderPredictions, TranscriberPort, VoiceClonePort],
})
export class ProvidersModule {}
