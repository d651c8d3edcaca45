export { classifyMailFailure, type NodemailerErrorLike } from './failure';
export {
  deliveryError,
  MailDeliveryError,
  type OutgoingMail,
  type SentMail,
  SMTP_TIMEOUT_MS,
  type SmtpOptions,
  type SmtpSecurity,
  type SmtpSettings,
  sendSmtpMail,
  transportOptions,
} from './smtp';
