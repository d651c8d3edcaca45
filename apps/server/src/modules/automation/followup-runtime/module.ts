import type { FeatureModule } from '../../../http/app-deps';
import { plugRobotSentToday } from '../followup/robot-ports';
import { followupRuntimeRoutes } from './followup-runtime.routes';
import { followupSendCheck } from './followup-send-check';
import { startFollowupWork } from './followup-work';
import { robotSentTodayOf } from './send.repo';

// The robot list counts each robot's sends of today from the send log, which is this feature's.
plugRobotSentToday(robotSentTodayOf);

/** The follow-up sweep and its sends. */
export const followupRuntimeModule: FeatureModule = {
  name: 'automation/followup-runtime',
  tables: ['followup_sends'],
  routes: [followupRuntimeRoutes],
  background: [
    {
      // The minute sweep of every enabled robot. What it queues while the senders stop waits in
      // the log for the next start.
      name: 'follow-up sweep',
      stops: 'beforeServer',
      async start({ deps, boss }) {
        if (!boss) return null;
        const followup = await startFollowupWork(boss, {
          db: deps.database.db,
          boss,
          pacing: deps.pacing,
          clock: deps.clock,
          ...(deps.logger ? { logger: deps.logger } : {}),
        });
        return () => followup.stop();
      },
    },
  ],
  // A queued follow-up is checked again when its turn comes (the contact may have replied).
  sendChecks: { followup: followupSendCheck },
  permissions: [],
};
