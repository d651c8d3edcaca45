import type { AnyColumn, SQL } from 'drizzle-orm';
import { definePort } from '../../../lib/port';

/**
 * What the robot list needs of automation/followup-runtime (issue 35): the runtime owns the send
 * log and imports the robots, so the robots cannot import it back. It plugs its part in here from
 * its manifest, which the app loads before any route runs.
 */

/**
 * Follow-ups the robot `robotId` names has sent on the day `now` falls on in time zone `zone`, as
 * a correlated subquery of the robot list (one statement for the page).
 */
export type RobotSentTodayOf = (robotId: AnyColumn, zone: SQL, now: Date) => SQL<number>;

const sentTodayPort = definePort<RobotSentTodayOf>('the sends of a robot', 'automation/followup-runtime');

export const plugRobotSentToday = sentTodayPort.plug;

/** Refuses to go on without the runtime's part: a robot list without its sends would show a wrong zero. */
export const robotSentTodayOf = sentTodayPort.use;
