import { scriptSeconds } from '../../ports/script.port';
import { EmbeddedScript, maxWords } from './embedded-script';

describe(EmbeddedScript.name, () => {
  const writer = new EmbeddedScript();
  const write = (topic: string, maxDurationSeconds = 15) => writer.write({ topic, maxDurationSeconds }, new AbortController().signal);

  it('keeps the spec budget: words / 2.2 + 1 within the maximum seconds', async () => {
    expect(maxWords(15)).toBe(30);
    for (const topic of ['Morning routines that make you more productive', 'Why our vegan sneakers last longer than leather ones, and how we test them for a year', 'x'.repeat(10)]) {
      for (const seconds of [15, 8, 4]) expect(scriptSeconds(await write(topic, seconds))).toBeLessThanOrEqual(seconds);
    }
  });

  it('talks about the topic, is the same for the same topic, and differs between topics', async () => {
    const script = await write('Cold brew coffee at home. It is cheaper and tastes better.');
    expect(script.toLowerCase()).toContain('cold brew coffee at home');
    expect(await write('Cold brew coffee at home. It is cheaper and tastes better.')).toBe(script);
    const others = await Promise.all(['Budget travel in Portugal', 'Learning guitar after forty', 'Plant care for beginners'].map((topic) => write(topic)));
    expect(new Set(others.map((text) => text.replace(/budget travel in portugal|learning guitar after forty|plant care for beginners/i, ''))).size).toBeGreaterThan(1);
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(writer.write({ topic: 'Anything at all here', maxDurationSeconds: 15 }, controller.signal)).rejects.toThrow();
  });
});
