import { probeMedia } from '@lipcast/media-tools';
import { withWorkDir } from '../work';
import { EmbeddedImage, EmbeddedImageToVideo } from './embedded-image';

describe('the embedded engine behind the image and image-to-video ports', () => {
  it('serves the image and image-to-video ports: an illustration, and a clip of the asked length', async () => {
    await withWorkDir({}, async (context) => {
      const result = await new EmbeddedImage().generate({ prompt: 'a young chef in a kitchen', width: 640, height: 720 }, context);
      expect(result.kind).toBe('illustration');
      expect(result.coverage).toEqual({ drawn: [], notDrawn: ['young chef', 'kitchen'] }); // said, not dropped silently
      await expect(new EmbeddedImage().generate({ prompt: 'a chef', width: 1024, height: 1024 }, context)).rejects.toThrow('The offline engine draws 640x720 portraits only');
      const clip = await new EmbeddedImageToVideo().animate({ image: { url: '', localPath: result.image.path, contentType: 'image/jpeg' }, prompt: 'person speaking to camera', durationSeconds: 6 }, context);
      expect(Math.round((await probeMedia(clip.path)).durationSeconds)).toBe(6);
    });
    // Drawing, then encoding a 6 s clip: seconds of CPU, more on a busy machine than Jest's 5 s default.
  }, 60_000);
});
