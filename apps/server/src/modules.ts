import type { FeatureModule } from './http/app-deps';
import { answerModule } from './modules/agent/answer/module';
import { agentConversationModule } from './modules/agent/conversation/module';
import { autoReplyModule } from './modules/automation/auto-reply/module';
import { followupModule } from './modules/automation/followup/module';
import { followupRuntimeModule } from './modules/automation/followup-runtime/module';
import { bubbleModule } from './modules/channels/bubble/module';
import { openaiAppModule } from './modules/channels/openai-app/module';
import { aiRoleModule } from './modules/config/ai-role/module';
import { appConfigModule } from './modules/config/app-config/module';
import { usageModule } from './modules/config/usage/module';
import { demoModule } from './modules/demo/demo/module';
import { metricsModule } from './modules/insight/metrics/module';
import { usageReportModule } from './modules/insight/usage/module';
import { documentsModule } from './modules/knowledge/documents/module';
import { qaModule } from './modules/knowledge/qa/module';
import { vectorsModule } from './modules/knowledge/vectors/module';
import { accountModule } from './modules/messaging/account/module';
import { contactModule } from './modules/messaging/contact/module';
import { conversationModule } from './modules/messaging/conversation/module';
import { inboxModule } from './modules/messaging/inbox/module';
import { outboxModule } from './modules/messaging/outbox/module';
import { rollupModule } from './modules/messaging/rollup/module';
import { mailModule } from './modules/notify/mail/module';
import { authModule } from './modules/system/auth/module';
import { customerModule } from './modules/system/customer/module';
import { deptModule } from './modules/system/dept/module';
import { dictModule } from './modules/system/dict/module';
import { healthModule } from './modules/system/health/module';
import { jobModule } from './modules/system/job/module';
import { menuModule } from './modules/system/menu/module';
import { monitorModule } from './modules/system/monitor/module';
import { ossModule } from './modules/system/oss/module';
import { permissionModule } from './modules/system/permission/module';
import { postModule } from './modules/system/post/module';
import { roleModule } from './modules/system/role/module';
import { userModule } from './modules/system/user/module';

/**
 * Every feature of the server, each declared by its folder's `module.ts`: its routes and the
 * scheduled-job handlers it offers. A new feature adds its line here; the import-graph test fails
 * on a feature folder that is not listed.
 */
export const MODULES: readonly FeatureModule[] = [
  healthModule,
  authModule,
  userModule,
  menuModule,
  monitorModule,
  customerModule,
  deptModule,
  roleModule,
  permissionModule,
  postModule,
  dictModule,
  jobModule,
  ossModule,
  documentsModule,
  answerModule,
  agentConversationModule,
  qaModule,
  openaiAppModule,
  appConfigModule,
  mailModule,
  accountModule,
  inboxModule,
  contactModule,
  outboxModule,
  rollupModule,
  bubbleModule,
  conversationModule,
  aiRoleModule,
  followupRuntimeModule,
  usageModule,
  usageReportModule,
  metricsModule,
  followupModule,
  demoModule,
  autoReplyModule,
  vectorsModule,
];
