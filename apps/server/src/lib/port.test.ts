import { describe, expect, it } from 'vitest';
import { definePort } from './port';

describe('definePort', () => {
  it('refuses to be used before it is plugged in, naming the feature that should plug it', () => {
    const port = definePort<() => number>('the answer', 'system/oracle');
    expect(() => port.use()).toThrow('system/oracle has not plugged in the answer');
  });

  it('gives what was plugged in, the latest plug winning, also when its functions are passed around', () => {
    const port = definePort<() => number>('the answer', 'system/oracle');
    const { plug, use } = port;
    plug(() => 41);
    plug(() => 42);
    expect(use()()).toBe(42);
  });
});
