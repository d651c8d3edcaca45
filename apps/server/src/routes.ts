import type { ModuleRoutes } from './http/app-deps';
import { testQuestion } from './modules/agent/answer-test';
import { agentChatRoutes } from './modules/agent-chat/agent-chat.routes';
import { aiRoleRoutes } from './modules/ai-role/ai-role.routes';
import { appRoutes } from './modules/app/app.routes';
import { visitorRoutes } from './modules/app/visitor.routes';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { chatAccountRoutes } from './modules/chat-account/chat-account.routes';
import { addressRoutes } from './modules/chat-address/address.routes';
import { messageRoutes } from './modules/chat-message/message.routes';
import { conversationRoutes } from './modules/conversation/conversation.routes';
import { demoRoutes } from './modules/demo/demo.routes';
import { deptRoutes } from './modules/dept/dept.routes';
import { dictRoutes } from './modules/dict/dict.routes';
import { followupRoutes } from './modules/followup/followup.routes';
import { followupRuntimeRoutes } from './modules/followup-runtime/followup-runtime.routes';
import { gatewayCallbackRoutes } from './modules/gateway-callback/gateway-callback.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobRoutes } from './modules/job/job.routes';
import { answerTestRoutes } from './modules/knowledge/answer-test.routes';
import { fragmentRoutes } from './modules/knowledge/fragment.routes';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { currentMenuRoutes } from './modules/menu/current-menu.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { monitorRoutes } from './modules/monitor/monitor.routes';
import { ossRoutes } from './modules/oss/oss.routes';
import { permissionRoutes } from './modules/permission/permission.routes';
import { postRoutes } from './modules/post/post.routes';
import { qaRoutes } from './modules/qa/qa.routes';
import { roleRoutes } from './modules/role/role.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { currentUserRoutes } from './modules/user/current-user.routes';
import { profileRoutes } from './modules/user/profile.routes';
import { userRoutes } from './modules/user/user.routes';

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
