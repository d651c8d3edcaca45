import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { contactSessions, metricsDaily, metricsUnanswered } from '../../../db/schema';

/** Other features read this feature's tables through these functions, never through the tables (issue 35). */

/*
 * Each table as a subquery of all its columns under their own names, named `alias`, so that the
 * metrics screens' SQL keeps its shape (`from ${sessionsAs('s')} where s.started_at …`) and
 * Postgres flattens it into the plan of the table itself.
 */

/** The contacts' sessions (one row per session). */
export const sessionsAs = (alias: string) =>
  new QueryBuilder().select(getTableColumns(contactSessions)).from(contactSessions).as(alias);

/** The daily counters (one row per customer and day). */
export const dailyCountsAs = (alias: string) =>
  new QueryBuilder().select(getTableColumns(metricsDaily)).from(metricsDaily).as(alias);

/** The unanswered questions (one row per customer, day and question key). */
export const unansweredAs = (alias: string) =>
  new QueryBuilder().select(getTableColumns(metricsUnanswered)).from(metricsUnanswered).as(alias);
