// For the specs here that drive a running gateway as the wizard does.

const ACTOR_CLIP = '/api/media/actors/ipfs-puppet-video-5/idle-v1.mp4';

/**
 * One real lip-sync through a running gateway, as the wizard makes it: speech, then the video
 * asked for asynchronously (`Prefer: respond-async`) and followed to its end. Answers the job id
 * and the status it ended with.
 */
export async function runLipSync(base: string, cookie: string, text: string): Promise<{ jobId: string; status: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify(body),
    });
  const audio = await post('/api/replicate/audio', { text, voice_id: 'Patient_Man' });
  if (audio.status !== 200) throw new Error(`speech answered ${audio.status}: ${await audio.text()}`);
  const started = await post('/api/replicate/lipsync', { video: ACTOR_CLIP, audio: ((await audio.json()) as { url: string }).url });
  if (started.status !== 202) throw new Error(`lip-sync answered ${started.status}: ${await started.text()}`);
  const { predictionId: jobId } = (await started.json()) as { predictionId: string };
  let status = 'queued';
  for (const deadline = Date.now() + 120_000; !['succeeded', 'failed', 'canceled'].includes(status) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = ((await (await fetch(`${base}/api/jobs/${jobId}`, { headers: { cookie } })).json()) as { status: string }).status;
  }
  return { jobId, status };
}
