import { describe, expect, it } from 'vitest';
import { checkPicked, formatSize, moveRow, withoutUpload } from './message-rows';

describe('message rows', () => {
  it('moves rows up, down and across', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('checks a picked file’s format and size before uploading it', () => {
    const mb = 1024 * 1024;
    expect(checkPicked({ name: 'Prices.PDF', size: 10 * mb }, 'file')).toBeNull();
    expect(checkPicked({ name: 'deck.pptx', size: 100 }, 'file')).toBeNull();
    expect(checkPicked({ name: 'list.csv', size: 100 }, 'file')).toEqual({ kind: 'type', name: 'list.csv' });
    expect(checkPicked({ name: 'photo.jpg', size: 100 }, 'file')).toEqual({ kind: 'type', name: 'photo.jpg' });
    expect(checkPicked({ name: 'photo.JPG', size: 100 }, 'image')).toBeNull();
    expect(checkPicked({ name: 'big.png', size: Math.round(10.1 * mb) }, 'image')).toEqual({
      kind: 'size',
      name: 'big.png',
    });
    expect(checkPicked({ name: 'empty.txt', size: 0 }, 'file')).toEqual({ kind: 'empty', name: 'empty.txt' });
    expect([formatSize(300), formatSize(Math.round(10.1 * mb))]).toEqual(['1 KB', '10.1 MB']);
  });

  it('drops a row’s upload and keeps the rest (a follow-up step keeps its wait)', () => {
    const row = { key: 'k', type: 'image' as const, text: 't', objectId: 3, fileName: 'a.png', size: 9, delayHours: 4 };
    expect(withoutUpload(row)).toEqual({ key: 'k', type: 'image', text: 't', delayHours: 4 });
  });
});
