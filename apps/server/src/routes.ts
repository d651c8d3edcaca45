import type { ModuleRoutes } from './http/app-deps';
import { testQuestion } from './modules/agent/answer/answer-test';
import { answerTestRoutes } from './modules/agent/answer/answer-test.routes';
import { followupRoutes } from './modules/automation/followup/followup.routes';
import { followupRuntimeRoutes } from './modules/automation/followup-runtime/followup-runtime.routes';
import { agentChatRoutes } from './modules/channels/bubble/agent-chat.routes';
import { appRoutes } from './modules/channels/openai-app/app.routes';
import { visitorRoutes } from './modules/channels/openai-app/visitor.routes';
import { aiRoleRoutes } from './modules/config/ai-role/ai-role.routes';
import { appConfigRoutes } from './modules/config/app-config/app-config.routes';
import { usageRoutes } from './modules/config/usage/usage.routes';
import { demoRoutes } from './modules/demo/demo/demo.routes';
import { metricsRoutes } from './modules/insight/metrics/metrics.routes';
import { fragmentRoutes } from './modules/knowledge/documents/fragment.routes';
import { knowledgeRoutes } from './modules/knowledge/documents/knowledge.routes';
import { qaRoutes } from './modules/knowledge/qa/qa.routes';
import { chatAccountRoutes } from './modules/messaging/account/chat-account.routes';
import { addressRoutes } from './modules/messaging/contact/address.routes';
import { conversationRoutes } from './modules/messaging/conversation/conversation.routes';
import { gatewayCallbackRoutes } from './modules/messaging/inbox/gateway-callback.routes';
import { messageRoutes } from './modules/messaging/outbox/message.routes';
import { mailRoutes } from './modules/notify/mail/mail.routes';
import { authRoutes } from './modules/system/auth/auth.routes';
import { deptRoutes } from './modules/system/customer/dept.routes';
import { dictRoutes } from './modules/system/dict/dict.routes';
import { healthRoutes } from './modules/system/health/health.routes';
import { jobRoutes } from './modules/system/job/job.routes';
import { currentMenuRoutes } from './modules/system/menu/current-menu.routes';
import { menuRoutes } from './modules/system/menu/menu.routes';
import { monitorRoutes } from './modules/system/monitor/monitor.routes';
import { ossRoutes } from './modules/system/oss/oss.routes';
import { permissionRoutes } from './modules/system/permission/permission.routes';
import { postRoutes } from './modules/system/post/post.routes';
import { roleRoutes } from './modules/system/role/role.routes';
import { currentUserRoutes } from './modules/system/user/current-user.routes';
import { profileRoutes } from './modules/system/user/profile.routes';
import { userRoutes } from './modules/system/user/user.routes';

/** Every module's routes; a new module adds one line here. */
export const MODULE_ROUTES: ModuleRoutes[] = [
  healthRoutes,
  authRoutes,
  currentUserRoutes,
  currentMenuRoutes,
  profileRoutes,
  monitorRoutes,
  deptRoutes,
  userRoutes,
  roleRoutes,
  menuRoutes,
  permissionRoutes,
  postRoutes,
  dictRoutes,
  jobRoutes,
  ossRoutes,
  knowledgeRoutes,
  fragmentRoutes,
  // The agent's dry run is handed in here: knowledge sits below the agent and may not import it.
  answerTestRoutes(testQuestion),
  qaRoutes,
  appRoutes,
  visitorRoutes,
  appConfigRoutes,
  mailRoutes,
  chatAccountRoutes,
  gatewayCallbackRoutes,
  addressRoutes,
  messageRoutes,
  agentChatRoutes,
  conversationRoutes,
  aiRoleRoutes,
  followupRuntimeRoutes,
  usageRoutes,
  metricsRoutes,
  followupRoutes,
  demoRoutes,
];
