// Outgoing mail (invitations, password resets) through SMTP_URL with nodemailer. Without SMTP_URL
// nothing is sent and callers say so: the administrator copies the link instead.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends the message when SMTP is configured; true when the server accepted it, false when no SMTP is
 * configured or sending failed (the caller still has the link to show). The failure is not thrown: an
 * unreachable mail server must not undo the invitation that was written.
 */
export async function sendMail(config: Config, message: MailMessage, onFailure?: (err: unknown) => void): Promise<boolean> {
  if (!config.SMTP_URL) return false;
  try {
    await transportFor(config.SMTP_URL).sendMail({ from: config.MAIL_FROM, ...message });
    return true;
  } catch (err) {
    onFailure?.(err);
    return false;
  }
}
