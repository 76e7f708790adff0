/** Where the service's mail leaves from: a deployment's setting (MAIL_SMTP_URL), or the sandbox's receiver on loopback. */
export interface MailSettings {
  /** `smtp://host:port` (or `smtps://user:password@host:465`). */
  smtpUrl: string;
  /** The From line: `Service Valuations <no-reply@service.example>`. */
  from: string;
  /** The sandbox's inbox page, when mail goes to the local receiver: the console's pages point developers to it. */
  inboxUrl?: string;
}

export const DEFAULT_FROM = 'Service Valuations <no-reply@service-valuations.invalid>';
