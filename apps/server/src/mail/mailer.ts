/**
 * Outgoing mail (identity's invites and codes, the notification digest) goes through the outbox
 * table. With SMTP_URL it is sent at once by nodemailer; without it, it is logged and stays in
 * the outbox, which administrators can read in development, so every flow works on one machine.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export type MailKind =
  | 'invite'
  | 'confirm-sign-up'
  | 'reset-password'
  | 'account-exists'
  | 'email-changed'
  | 'notification-digest';
export type Mail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`. */
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for the digest). */
  headers?: Record<string, string>;
};

export class Mailer {
  private readonly transport: Transporter | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string | undefined; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  get delivers() {
    return this.transport !== undefined;
  }

  /**
   * Keeps the mail in the outbox, then hands it to SMTP without waiting: how long a server takes
   * to accept mail must not show in the answer (a reset for a real account would take longer
   * than one for an unknown address). `drain` waits for deliveries still going.
   */
  async send(mail: Mail): Promise<void> {
    (await this.enqueue(this.db, mail))();
  }

  /**
   * Writes the outbox row with `tx` (the caller's transaction) and returns what hands it to SMTP:
   * call that after the commit, so a rolled-back change sends nothing.
   */
  async enqueue(tx: Db, mail: Mail): Promise<() => void> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        headers: mail.headers ?? null,
      })
      .returning({ id: mailOutbox.id });
    return () => {
      if (!this.transport || !row) {
        this.log.info({ to: mail.to, kind: mail.kind }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      const delivery = this.deliver(this.transport, row.id, mail);
      this.pending.add(delivery);
      void delivery.finally(() => this.pending.delete(delivery));
    };
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async deliver(transport: Transporter, id: number, mail: Mail) {
    try {
      await transport.sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      // The mail stays in the outbox with its error; the operation that sent it still succeeded.
      this.log.error({ err: error, to: mail.to }, 'sending mail failed');
      await this.db
        .update(mailOutbox)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(mailOutbox.id, id))
        .catch(() => {});
    }
  }
}

/** a***@school.org, as Cognito masks CodeDeliveryDetails.Destination. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};
