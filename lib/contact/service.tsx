import ContactMessageEmail, { subject, templateName } from "@/emails/contact-message";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";

import type { ContactMessage } from "./schemas";

/**
 * Stores a message from /contact, then emails it to support with the visitor as reply-to.
 * The row is written first, so a mail failure never loses what the visitor typed.
 */
export async function saveContactMessage(message: ContactMessage): Promise<string> {
  const { id } = await db.contactMessage.create({ data: message, select: { id: true } });
  await sendEmail({
    to: env.SUPPORT_EMAIL,
    replyTo: message.email,
    subject: subject(message),
    template: templateName,
    react: <ContactMessageEmail {...message} />,
  });
  return id;
}
