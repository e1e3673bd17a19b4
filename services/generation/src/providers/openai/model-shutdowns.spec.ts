/* eslint-disable @nx/enforce-module-boundaries -- the table is checked against the SDK with the stand-in's parser */
import { readSdkModelShutdowns } from '../../../../../tools/openai/sdk-model-shutdowns';
import { GenerationSettings } from '../../settings';
import { modelShutdownWarning, OPENAI_MODEL_SHUTDOWNS, OPENAI_UNSUPPORTED_MODELS } from './model-shutdowns';
import { DEFAULT_OPENAI_MODEL } from './openai-script';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('the checked-in table of OpenAI model shutdowns', () => {
  it('says what the installed SDK announces (update the table when this fails after an SDK upgrade)', () => {
    const sdk = readSdkModelShutdowns();

    expect(OPENAI_MODEL_SHUTDOWNS).toEqual(sdk.shutdowns);
    expect([...OPENAI_UNSUPPORTED_MODELS].sort()).toEqual(sdk.unsupported);
  });

  it('has no shutdown announced for the default model, which the settings use', () => {
    expect(OPENAI_MODEL_SHUTDOWNS[DEFAULT_OPENAI_MODEL]).toBeUndefined();
    expect(OPENAI_UNSUPPORTED_MODELS).not.toContain(DEFAULT_OPENAI_MODEL);
    expect(new GenerationSettings().OPENAI_MODEL).toBe(DEFAULT_OPENAI_MODEL);
  });
});

describe('the start-up warning about the configured model', () => {
  it('stays quiet more than 90 days before the shutdown', () => {
    expect(modelShutdownWarning('gpt-4.1-mini', day('2026-10-15'))).toBeUndefined(); // 91 days before 2027-01-14
  });

  it('warns from 90 days before, naming the model and the day', () => {
    expect(modelShutdownWarning('gpt-4.1-mini', day('2026-10-16'))).toBe(
      'OPENAI_MODEL gpt-4.1-mini shuts down on 2027-01-14 (in 90 days): set OPENAI_MODEL to a current model before then',
    );
    expect(modelShutdownWarning('gpt-4.1-mini', new Date('2027-01-13T18:00:00Z'))).toBe(
      'OPENAI_MODEL gpt-4.1-mini shuts down on 2027-01-14 (in 1 day): set OPENAI_MODEL to a current model before then',
    );
  });

  it('says so when the model is already shut down', () => {
    for (const now of [day('2027-01-14'), day('2030-01-01')]) {
      expect(modelShutdownWarning('gpt-4.1-mini', now)).toBe(
        'OPENAI_MODEL gpt-4.1-mini was shut down by OpenAI on 2027-01-14: scripts will fail until OPENAI_MODEL names a current model',
      );
    }
  });

  it('warns about an ID OpenAI does not serve', () => {
    expect(modelShutdownWarning('gpt-5.1-mini', day('2026-11-23'))).toBe(
      'OPENAI_MODEL gpt-5.1-mini is not a model OpenAI serves: scripts will fail until OPENAI_MODEL names a current model',
    );
  });

  it('stays quiet for models with no announced shutdown', () => {
    expect(modelShutdownWarning(DEFAULT_OPENAI_MODEL, day('2026-11-23'))).toBeUndefined();
    expect(modelShutdownWarning('ft:gpt-5.4-mini:acme::abc123', day('2026-11-23'))).toBeUndefined();
  });
});
