import { describe, expect, it } from 'vitest';
import { prng } from '../../../lib/prng';
import type { ContactRow } from '../../messaging/contact/contact.repo';
import { planSessions } from './demo-history';

/**
 * The demo's history must look alive whatever the hour it is made: in the first minutes of a
 * month, today is all the month holds, and the usage report and Home read this month and today.
 */
const contacts = [{ id: 1, wcId: 'wxid_demo_1' } as ContactRow, { id: 2, wcId: 'wxid_demo_2' } as ContactRow];
const size = { days: 14, contacts: 2, sessionsPerDay: [1, 2] as [number, number] };

describe('the demo history plan', () => {
  it.each([
    ['five minutes into a month', new Date(2026, 11, 1, 0, 5)],
    ['a morning before the first slot', new Date(2026, 5, 17, 8, 30)],
    ['an afternoon', new Date(2026, 5, 17, 15, 0)],
  ])('%s: answered sessions today, none in the future, oldest first', (_, now) => {
    for (let seed = 1; seed <= 20; seed++) {
      const sessions = planSessions(contacts, size, now, prng(seed));
      const startOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
      const answeredToday = sessions.filter((s) => s.at.getTime() >= startOfDay && s.kind !== 'handover');
      expect(answeredToday.length, `seed ${seed}`).toBeGreaterThanOrEqual(2);
      expect(sessions.every((s) => s.at.getTime() <= now.getTime())).toBe(true);
      const times = sessions.map((s) => s.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});
