import type { VisitorReply, WidgetReply } from '@agent-console/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { visitorReplies } from '../../../db/schema';
import { answerCountOf } from '../../agent/answer/answer.repo';
import { clearNeedsPerson } from '../../agent/conversation/conversation.repo';
import { userNickName, userNickNameOf } from '../../system/user/user.repo';

/**
 * What people write to website visitors (issue 36), the one owner of `visitor_replies`: the
 * console writes and shows them, the widget reads them (in the visitor's conversation, and the new
 * ones while it waits for a person).
 */

/** A conversation's replies as the console shows them, oldest first. */
export async function repliesOf(db: Db, conversationId: number): Promise<VisitorReply[]> {
  const rows = await db
    .select({
      id: visitorReplies.id,
      content: visitorReplies.content,
      by: userNickNameOf(visitorReplies.userId),
      createdAt: visitorReplies.createdAt,
    })
    .from(visitorReplies)
    .where(eq(visitorReplies.conversationId, conversationId))
    .orderBy(asc(visitorReplies.id));
  return rows.map((r) => ({ id: r.id, content: r.content, by: r.by, createdAt: r.createdAt.toISOString() }));
}

/**
 * A conversation's replies as the widget shows them: after the one with id `after` (all when
 * absent), each with how many answers came before it, so the widget puts it in its place.
 */
export async function widgetRepliesOf(db: Db, conversationId: number, after = 0): Promise<WidgetReply[]> {
  const rows = await db
    .select({
      id: visitorReplies.id,
      text: visitorReplies.content,
      afterTurn: answerCountOf(visitorReplies.conversationId, visitorReplies.createdAt),
    })
    .from(visitorReplies)
    .where(and(eq(visitorReplies.conversationId, conversationId), gt(visitorReplies.id, after)))
    .orderBy(asc(visitorReplies.id));
  return rows.map((r) => ({ id: r.id, text: r.text, afterTurn: Number(r.afterTurn) }));
}

/**
 * A person's reply to a visitor: stored for the widget to fetch, and the conversation no longer
 * waits for a person (the reply is the person's answer).
 */
export async function addReply(
  db: Db,
  reply: { conversationId: number; userId: number; content: string },
): Promise<VisitorReply> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitorReplies)
      .values(reply)
      .returning({ id: visitorReplies.id, createdAt: visitorReplies.createdAt });
    if (!row) throw new Error('visitor reply not inserted');
    await clearNeedsPerson(tx, reply.conversationId, row.createdAt);
    const by = await userNickName(tx, reply.userId);
    return { id: row.id, content: reply.content, by, createdAt: row.createdAt.toISOString() };
  });
}
