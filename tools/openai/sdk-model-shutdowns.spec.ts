import { parseModelShutdowns, readSdkModelShutdowns } from './sdk-model-shutdowns.ts';

const comment = (...lines: string[]) => ['/**', ' * The model to use.', ' *', ...lines.map((line) => ` * ${line}`.trimEnd()), ' */', "model: 'a' | 'b';"].join('\n');

describe('the SDK\'s model shutdown comments', () => {
  it('reads announced dates, past shutdowns and unsupported IDs, across wrapped lines', () => {
    const source = comment(
      'Deprecated values:',
      '',
      '- "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-2025-04-14",',
      '  "gpt-4o": Announced shutdown date: 2027-01-14. See',
      '  https://developers.openai.com/api/docs/deprecations for details.',
      '- "o1-mini": Announced shutdown',
      '  date: 2025-10-27. See https://developers.openai.com/api/docs/deprecations.',
      '- "gpt-5.1-mini": Not a supported model ID. Retained for SDK compatibility.',
      '- "gpt-image-1": GPT Image 1 was shut down on October 3, 2026. Use',
      '  gpt-image-2.5-sunburst instead.',
    );

    expect(parseModelShutdowns([source])).toEqual({
      shutdowns: { 'gpt-4.1': '2027-01-14', 'gpt-4.1-2025-04-14': '2027-01-14', 'gpt-4.1-mini': '2027-01-14', 'gpt-4o': '2027-01-14', 'gpt-image-1': '2026-10-03', 'o1-mini': '2025-10-27' },
      unsupported: ['gpt-5.1-mini'],
    });
  });

  it('ignores comments without a "Deprecated values:" list and merges repeated lists', () => {
    const list = comment('Deprecated values:', '', '- "o3": Announced shutdown date: 2026-12-11.');
    const other = comment('Use "gpt-5.4-mini": it is fast.');

    expect(parseModelShutdowns([list, other, list])).toEqual({ shutdowns: { o3: '2026-12-11' }, unsupported: [] });
  });

  it('fails on a wording it does not know, rather than misreading it', () => {
    const source = comment('Deprecated values:', '', '- "o3": Retiring soon, see the deprecations page.');

    expect(() => parseModelShutdowns([source])).toThrow('Unknown wording of a deprecated model entry: "o3": Retiring soon');
  });

  it('fails when two lists give one model different dates', () => {
    const first = comment('Deprecated values:', '', '- "o3": Announced shutdown date: 2026-12-11.');
    const second = comment('Deprecated values:', '', '- "o3": Announced shutdown date: 2027-01-14.');

    expect(() => parseModelShutdowns([first, second])).toThrow('The SDK gives o3 two shutdown dates: 2026-12-11 and 2027-01-14');
  });

  it('finds the lists in the installed SDK', () => {
    const { shutdowns, unsupported } = readSdkModelShutdowns();

    expect(shutdowns['gpt-4.1-mini']).toBe('2027-01-14'); // the example
    expect(Object.keys(shutdowns).length).toBeGreaterThan(50);
    expect(unsupported).toContain('gpt-5.1-mini');
  });
});
