import type { MailSecurity } from '@agent-console/contracts';
import { AppError } from '../../../lib/app-error';
import { type SecretBox, SecretBoxError } from '../../../lib/secret-box';

/** Where a password is sent: the server, its port, how the connection is protected, and the account. */
export interface MailTarget {
  host: string;
  port: number;
  security: MailSecurity;
  username: string | null;
}

/** The purpose passwords were sealed under before they were bound to a target. */
const UNBOUND_PURPOSE = 'mail_settings.password';

/**
 * The purpose (GCM additional data) a password typed for `target` is sealed under. A sealed
 * password therefore opens only for the very server, port, security and account it was typed
 * for: whatever path asks for it (save, test, alert mail, one added later), it cannot follow a
 * changed port to another service, nor a security changed to "none" into clear text. Host names
 * are case-insensitive, so the host is compared in lower case.
 */
export function passwordPurpose(target: MailTarget): string {
  const key = [target.host.toLowerCase(), target.port, target.security, target.username ?? ''];
  return `${UNBOUND_PURPOSE}:${JSON.stringify(key)}`;
}

export function sameTarget(a: MailTarget, b: MailTarget): boolean {
  return passwordPurpose(a) === passwordPurpose(b);
}

export function sealPassword(box: SecretBox, password: string, target: MailTarget): string {
  return box.seal(password, passwordPurpose(target));
}

/**
 * The stored password in clear, for the one connection to `target` that needs it. A password
 * sealed under another key (SECRET_KEY changed) or for another target cannot be used: the caller
 * is told to enter it again.
 */
export function openPassword(box: SecretBox, sealed: string, target: MailTarget): string {
  try {
    return openBound(box, sealed, target);
  } catch (err) {
    if (!(err instanceof SecretBoxError)) throw err;
    throw AppError.service(
      'C0500',
      `the stored SMTP password cannot be decrypted (${err.message}); enter the password again and save`,
    );
  }
}

function openBound(box: SecretBox, sealed: string, target: MailTarget): string {
  try {
    return box.open(sealed, passwordPurpose(target));
  } catch (err) {
    // A password stored before the binding keeps working for an encrypted connection (callers
    // compare the target first), so alert mail goes on after an upgrade. For "none" it must be
    // typed again: nothing tells whether it was typed with "none" chosen or followed a switch to it.
    if (!(err instanceof SecretBoxError) || err.reason !== 'tampered' || target.security === 'none') throw err;
    return box.open(sealed, UNBOUND_PURPOSE);
  }
}
