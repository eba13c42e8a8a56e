/**
 * What the server log says when an email stays in the local outbox (no RESEND_API_KEY): where to
 * read it and the site's links in it, so someone trying Cipher on their own machine can confirm
 * their account from the terminal too. Printed only for outbox-only mail, never for sent mail.
 */
import { env } from "@/lib/env";

import { extractLinks } from "./links";

/** The local outbox viewer (app/dev/outbox), open to this machine and operators only. */
export const outboxPath = "/dev/outbox";

export function localMailNotice(
  mail: { subject: string; maskedTo: string; html: string },
  siteUrl = env.SITE_URL,
): string[] {
  const origin = new URL(siteUrl).origin;
  const links = extractLinks(mail.html).filter((href) => {
    try {
      return new URL(href).origin === origin;
    } catch {
      return false;
    }
  });
  return [
    `[mail] No mail service is configured (RESEND_API_KEY unset): "${mail.subject}" to ${mail.maskedTo} was not sent. Read it at ${new URL(outboxPath, siteUrl).toString()} in a browser on this machine.`,
    ...links.map((href) => `[mail]   ${href}`),
  ];
}
