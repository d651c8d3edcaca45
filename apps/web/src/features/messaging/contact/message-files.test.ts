import { CHAT_FILE_MAX_BYTES } from '@agent-console/contracts';
import { describe, expect, it } from 'vitest';
import { addFiles, showChar } from './message-files';

const file = (name: string, size = 1000) => ({ name, size });

describe('batch-message file rules in the browser', () => {
  it('takes up to 3 files and names each one refused for the count', () => {
    const { files, problems } = addFiles([], [file('a.pdf'), file('b.pdf'), file('c.pdf'), file('d.pdf')]);
    expect(files.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(problems).toEqual([{ kind: 'tooMany', name: 'd.pdf' }]);
  });

  it('counts the files already chosen', () => {
    const { files, problems } = addFiles([file('a.pdf'), file('b.pdf')], [file('c.pdf'), file('d.pdf')]);
    expect(files).toHaveLength(3);
    expect(problems).toEqual([{ kind: 'tooMany', name: 'd.pdf' }]);
  });

  it('refuses a file over 3MB, naming it, and accepts exactly 3MB', () => {
    const { files, problems } = addFiles(
      [],
      [file('big.pdf', CHAT_FILE_MAX_BYTES + 1), file('edge.pdf', CHAT_FILE_MAX_BYTES)],
    );
    expect(files.map((f) => f.name)).toEqual(['edge.pdf']);
    expect(problems).toEqual([{ kind: 'tooLarge', name: 'big.pdf' }]);
  });

  it('refuses special characters in names, naming the characters', () => {
    const { files, problems } = addFiles([], [file('a:b?.pdf'), file('.hidden'), file('plain name (1).pdf')]);
    expect(files.map((f) => f.name)).toEqual(['plain name (1).pdf']);
    expect(problems).toEqual([
      { kind: 'badName', name: 'a:b?.pdf', chars: [':', '?'] },
      { kind: 'badName', name: '.hidden', chars: ['.'] },
    ]);
  });

  it('gives each refused file its own problem', () => {
    const { problems } = addFiles([], [file('x|y.txt'), file('huge.zip', CHAT_FILE_MAX_BYTES * 2)]);
    expect(problems.map((p) => p.kind)).toEqual(['badName', 'tooLarge']);
  });

  it('refuses an empty file', () => {
    expect(addFiles([], [file('blank.txt', 0)]).problems).toEqual([{ kind: 'empty', name: 'blank.txt' }]);
  });

  it('skips a file picked twice', () => {
    const { files, problems } = addFiles([file('a.pdf')], [file('a.pdf')]);
    expect(files).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('shows control characters by their code', () => {
    expect(showChar('\u0007')).toBe('U+0007');
    expect(showChar('*')).toBe('*');
  });
});
