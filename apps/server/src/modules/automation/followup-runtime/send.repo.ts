import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { followupSends } from '../../../db/schema';

/** Other features read this feature's tables through these functions, never through the tables (issue 35). */

/**
 * Follow-ups a robot has sent on the day `now` falls on in time zone `zone`: every planned send
 * but those held back at send time, as a correlated subquery on the robot's id.
 */
export function robotSentTodayOf(robotId: AnyColumn, zone: SQL, now: Date): SQL<number> {
  return sql<number>`(select count(*)::int from ${followupSends}
    where ${followupSends.robotId} = ${robotId} and ${followupSends.status} <> 'skipped'
      and (${followupSends.plannedAt} at time zone ${zone})::date
        = (${now.toISOString()}::timestamptz at time zone ${zone})::date)`;
}

/**
 * The follow-up sends, every column under its own name, as a subquery named `alias`, for raw SQL
 * (the metrics' reports); Postgres flattens it into the plan of the table itself.
 */
export const followupSendsAs = (alias: string) => new QueryBuilder().select().from(followupSends).as(alias);
