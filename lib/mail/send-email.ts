/**
 * The one way Cipher sends email. Renders a React Email element to HTML and plain text, then
 * either sends it with Resend (when RESEND_API_KEY is set) or only stores it in the outbox table,
 * so every flow that mails works, and is testable, offline. Every message gets an outbox row
 * either way, written before Resend is called, so each sent mail is auditable.
 *
 * Failures are logged with context (template, outbox id, masked recipient; never the body or the
 * API key), stored on the row, and thrown as `EmailDeliveryError` for the caller's failure toast.
 */
import { render, toPlainText } from "@react-email/components";
import type { ReactElement } from "react";
import { Resend } from "resend";

import { db } from "@/lib/db";
import { env } from "@/lib/env";

import { localMailNotice } from "./local-notice";
import { redactSecrets, secretHash } from "./redact";

export type EmailProvider = "resend" | "outbox";

export interface SendEmailInput {
  to: string;
  subject: string;
  /** A React Email element, e.g. `<SignupConfirmation name="Ada" confirmUrl={url} />`. */
  react: ReactElement;
  /** Name of the template, stored with the message (e.g. "signup-confirmation"). */
  template: string;
  replyTo?: string;
  /** Extra headers for Resend, e.g. `oneClickUnsubscribeHeaders(url)` on newsletter mail. */
  headers?: Record<string, string>;
  /**
   * Single-use secrets in the message (a confirmation or reset token) and when they expire. The
   * stored copy has them redacted once a provider sends it; in the local outbox they stay until
   * used or expired (lib/mail/redact.ts).
   */
  secrets?: { values: string[]; expiresAt: Date };
}

export interface SentEmail {
  /** The outbox row's id. */
  id: string;
  provider: EmailProvider;
  /** Resend's id for the message; null for the outbox provider. */
  providerId: string | null;
}

/** What sendEmail needs from a Resend client; tests pass a fake object implementing it. */
export interface ResendClient {
  emails: {
    send(
      payload: {
        from: string;
        to: string;
        subject: string;
        html: string;
        text: string;
        replyTo?: string;
        headers?: Record<string, string>;
      },
      options?: { idempotencyKey?: string },
    ): Promise<{
      data: { id: string } | null;
      error: { name: string; message: string; statusCode?: number | null } | null;
    }>;
  };
}

export interface SendEmailOptions {
  /** The Resend client to use; null stores in the outbox only. Default: from RESEND_API_KEY. */
  resend?: ResendClient | null;
}

export type EmailFailureStage = "render" | "store" | "provider";

/** Thrown by sendEmail when a message could not be rendered, stored or handed to Resend. */
export class EmailDeliveryError extends Error {
  override readonly name = "EmailDeliveryError";

  constructor(
    readonly template: string,
    readonly provider: EmailProvider,
    readonly stage: EmailFailureStage,
    /** The outbox row holding the error, when one could be written. */
    readonly outboxId: string | null,
    options?: { cause?: unknown },
  ) {
    super(`Could not send the "${template}" email (${stage} failed via ${provider}).`, options);
  }
}

/** A Resend client for the key, or null (outbox only) without one. */
export function resendClientFor(apiKey: string | undefined): ResendClient | null {
  return apiKey ? new Resend(apiKey) : null;
}

let defaultClient: { client: ResendClient | null } | undefined;

function defaultResendClient(): ResendClient | null {
  defaultClient ??= { client: resendClientFor(env.RESEND_API_KEY) };
  return defaultClient.client;
}

/**
 * RFC 8058 one-click unsubscribe headers; pass them with every newsletter mail, whose body also
 * carries the same link.
 */
export function oneClickUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export async function sendEmail(input: SendEmailInput, options: SendEmailOptions = {}): Promise<SentEmail> {
  const resend = options.resend === undefined ? defaultResendClient() : options.resend;
  const provider: EmailProvider = resend ? "resend" : "outbox";
  const to = input.to.trim().toLowerCase();
  // A subject is one header line, whatever a visitor typed into the fields it is built from.
  const subject = input.subject.replace(/[\r\n]+/g, " ").trim();
  const context = { template: input.template, provider, to: maskAddress(to) };

  let html: string;
  let text: string;
  try {
    html = await render(input.react);
    text = toPlainText(html);
  } catch (error) {
    const outboxId = await recordFailure({
      to,
      subject,
      template: input.template,
      provider,
      error: `render: ${describe(error)}`,
    });
    console.error("[mail] rendering failed", { ...context, outboxId, error: describe(error) });
    throw new EmailDeliveryError(input.template, provider, "render", outboxId, { cause: error });
  }

  // Sent by a provider, the stored copy never holds the live links; kept in the local outbox,
  // it does until they are used or expire.
  const hashes = (input.secrets?.values ?? []).map(secretHash);
  const stored = resend
    ? { html: redactSecrets(html, hashes), text: redactSecrets(text, hashes) }
    : { html, text, ...(hashes.length ? { secretHashes: hashes, redactAt: input.secrets!.expiresAt } : {}) };

  let id: string;
  try {
    ({ id } = await db.outboxEmail.create({
      data: { to, subject, template: input.template, provider, ...stored },
      select: { id: true },
    }));
  } catch (error) {
    console.error("[mail] storing in the outbox failed", { ...context, error: describe(error) });
    throw new EmailDeliveryError(input.template, provider, "store", null, { cause: error });
  }

  if (!resend) {
    // Nobody else will deliver it: say where it is (tests read the outbox table instead).
    if (env.NODE_ENV !== "test") {
      for (const line of localMailNotice({ subject, maskedTo: context.to, html })) console.log(line);
    }
    return { id, provider, providerId: null };
  }

  let failure: { message: string; cause: unknown };
  try {
    const { data, error } = await resend.emails.send(
      {
        from: env.EMAIL_FROM,
        to,
        subject,
        html,
        text,
        ...(input.replyTo ? { replyTo: input.replyTo } : {}),
        ...(input.headers ? { headers: input.headers } : {}),
      },
      // The same row is never sent twice, even if a retry reaches Resend.
      { idempotencyKey: `outbox-${id}` },
    );
    if (!error && data?.id) {
      await db.outboxEmail.updateMany({ where: { id }, data: { providerId: data.id } }).catch((updateError: unknown) =>
        // Sent: the caller must not report a failure, but the audit row misses Resend's id.
        console.error("[mail] sent, but recording Resend's id failed", {
          ...context,
          outboxId: id,
          providerId: data.id,
          error: describe(updateError),
        }),
      );
      return { id, provider, providerId: data.id };
    }
    const statusCode = error?.statusCode ? ` (${error.statusCode})` : "";
    failure = {
      message: error ? redact(`${error.name}${statusCode}: ${error.message}`) : "Resend answered without an id",
      cause: error,
    };
  } catch (error) {
    failure = { message: describe(error), cause: error };
  }

  console.error("[mail] Resend refused the message", { ...context, outboxId: id, error: failure.message });
  // updateMany: no row comes back, so a role that may only write messages (the runner) can record it.
  await db.outboxEmail
    .updateMany({ where: { id }, data: { error: failure.message } })
    .catch((updateError: unknown) =>
      console.error("[mail] recording the error failed", { ...context, outboxId: id, error: describe(updateError) }),
    );
  throw new EmailDeliveryError(input.template, provider, "provider", id, { cause: failure.cause });
}

/** Stores a message that could not be rendered, so the failure shows in the outbox. */
async function recordFailure(message: {
  to: string;
  subject: string;
  template: string;
  provider: EmailProvider;
  error: string;
}): Promise<string | null> {
  try {
    const { id } = await db.outboxEmail.create({
      data: { ...message, html: "", text: "" },
      select: { id: true },
    });
    return id;
  } catch (error) {
    console.error("[mail] recording the failure failed", { template: message.template, error: describe(error) });
    return null;
  }
}

/** An error's name and message only (never request details), with the API key redacted. */
function describe(error: unknown): string {
  return redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

function redact(message: string): string {
  const key = env.RESEND_API_KEY;
  return key ? message.replaceAll(key, "[redacted]") : message;
}

/** "ada@example.com" → "a***@example.com": enough to tell messages apart in logs. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}
