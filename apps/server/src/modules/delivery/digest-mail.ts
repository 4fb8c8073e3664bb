/**
 * The digest as a mail: a subject that says what is waiting, a short plain-text body and its HTML
 * twin, a link to the app and a working unsubscribe link (also in List-Unsubscribe with
 * List-Unsubscribe-Post for mail apps' one-click button, RFC 8058).
 */
import type { Mail } from '../../mail/mailer.ts';
import type { DigestRecipient, DigestSection } from './digest-sources.ts';
import { escapeHtml } from './html.ts';

export type DigestLinks = { appUrl: string; unsubscribeUrl: string; base: string };

export function digestMail(recipient: DigestRecipient, sections: DigestSection[], links: DigestLinks): Mail {
  const headline = `You have ${sections.map((s) => s.headline).join(' and ')}`;
  const text = [
    `Hi ${recipient.firstName},`,
    '',
    `${headline}.`,
    ...sections.flatMap((section) => [
      '',
      ...section.items.flatMap((item) => [
        `* ${item.title} (${item.detail})`,
        ...(item.excerpt ? [`  "${item.excerpt}"`] : []),
        `  ${item.byline}`,
        `  ${links.base}${item.path}`,
      ]),
      ...(section.more ? [`  …and ${section.more} more`] : []),
    ]),
    '',
    `Open Fieldhouse: ${links.appUrl}`,
    '',
    'You get this e-mail because you have not opened Fieldhouse for a while.',
    `Stop these e-mails: ${links.unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px">
<p>Hi ${escapeHtml(recipient.firstName)},</p>
<p><strong>${escapeHtml(headline)}.</strong></p>
${sections
  .map(
    (section) => `<ul style="padding-left:18px">
${section.items
  .map(
    (
      item,
    ) => `<li style="margin-bottom:12px"><a href="${escapeHtml(links.base + item.path)}">${escapeHtml(item.title)}</a> (${escapeHtml(item.detail)})<br>
${item.excerpt ? `<span>“${escapeHtml(item.excerpt)}”</span><br>` : ''}<small style="color:#5c5f66">${escapeHtml(item.byline)}</small></li>`,
  )
  .join('\n')}
${section.more ? `<li>…and ${section.more} more</li>` : ''}
</ul>`,
  )
  .join('\n')}
<p><a href="${escapeHtml(links.appUrl)}">Open Fieldhouse</a></p>
<p style="color:#5c5f66;font-size:12px">You get this e-mail because you have not opened Fieldhouse for a while.
<a href="${escapeHtml(links.unsubscribeUrl)}">Stop these e-mails</a>.</p>
</body></html>`;
  return {
    kind: 'notification-digest',
    to: recipient.email,
    subject: headline.slice(0, 200),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
