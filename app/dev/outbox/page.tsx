import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { env } from "@/lib/env";
import { extractLinks, getOutboxEmail, listOutbox } from "@/lib/mail/outbox";
import { canViewOutbox, outboxPath } from "@/lib/mail/outbox-access";
import { cn } from "@/lib/utils";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Outbox",
  robots: { index: false, follow: false },
};

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

function isOpenableLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href);
}

/**
 * Every email sendEmail stored, newest first, and the selected one rendered in a sandbox. Only
 * for this machine's browsers and operators (lib/mail/outbox-access.ts); anyone else gets a 404.
 */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  if (!(await canViewOutbox())) notFound();

  const { id } = await searchParams;
  const requestedId = Array.isArray(id) ? id[0] : id;
  const emails = await listOutbox({ limit: 50 });
  const selectedId = requestedId ?? emails[0]?.id;
  const selected = selectedId ? await getOutboxEmail(selectedId) : null;
  const links = selected ? extractLinks(selected.html) : [];

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold">Outbox</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          The latest 50 emails stored by <code>sendEmail</code>
          {env.RESEND_API_KEY
            ? " (Resend is configured: these were also sent)"
            : " (no mail service is configured, so they were not sent: open the links here)"}
          . Only this machine and support operators can see this page. Times are UTC.
        </p>
      </header>

      {emails.length === 0 ? (
        <p className="rounded-lg border p-6 text-muted-foreground">No emails yet.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="outbox-list" className="min-w-0">
            <h2 id="outbox-list" className="sr-only">
              Messages
            </h2>
            <ul className="divide-y overflow-hidden rounded-lg border">
              {emails.map((email) => {
                const current = email.id === selected?.id;
                return (
                  <li key={email.id}>
                    <Link
                      href={`${outboxPath}?id=${encodeURIComponent(email.id)}`}
                      aria-current={current ? "true" : undefined}
                      className={cn("block px-4 py-3 text-sm hover:bg-accent", current && "bg-accent")}
                    >
                      <span className="block truncate font-medium">{email.subject}</span>
                      <span className="block truncate text-muted-foreground">To {email.to}</span>
                      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                        <span>{email.template}</span>
                        <span>{email.provider}</span>
                        <time dateTime={email.createdAt.toISOString()}>{timeFormat.format(email.createdAt)}</time>
                      </span>
                      {email.error && (
                        <span className="mt-1 block text-xs break-words text-destructive">Failed: {email.error}</span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="outbox-message" className="min-w-0">
            {selected ? (
              <>
                <h2 id="outbox-message" className="text-lg font-semibold break-words">
                  {selected.subject}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">To</dt>
                  <dd className="break-all">{selected.to}</dd>
                  <dt className="text-muted-foreground">Template</dt>
                  <dd>{selected.template}</dd>
                  <dt className="text-muted-foreground">Provider</dt>
                  <dd>
                    {selected.provider}
                    {selected.providerId && <span className="text-muted-foreground"> · {selected.providerId}</span>}
                  </dd>
                  <dt className="text-muted-foreground">Time</dt>
                  <dd>
                    <time dateTime={selected.createdAt.toISOString()}>{timeFormat.format(selected.createdAt)}</time>
                  </dd>
                  {selected.error && (
                    <>
                      <dt className="text-muted-foreground">Error</dt>
                      <dd className="break-words text-destructive">{selected.error}</dd>
                    </>
                  )}
                </dl>

                <h3 className="mt-6 mb-2 text-sm font-semibold">Links</h3>
                {links.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No links.</p>
                ) : (
                  <ul className="space-y-1 text-sm" data-testid="outbox-links">
                    {links.map((href) => (
                      <li key={href} className="break-all">
                        {isOpenableLink(href) ? (
                          <a href={href} className="text-primary underline underline-offset-2">
                            {href}
                          </a>
                        ) : (
                          <code>{href}</code>
                        )}
                      </li>
                    ))}
                  </ul>
                )}

                <h3 className="mt-6 mb-2 text-sm font-semibold">Message</h3>
                {selected.html ? (
                  <iframe
                    title={`Email: ${selected.subject}`}
                    sandbox=""
                    srcDoc={selected.html}
                    className="h-[720px] w-full rounded-lg border bg-white"
                  />
                ) : (
                  <p className="text-sm text-muted-foreground">This message has no HTML (it failed to render).</p>
                )}
              </>
            ) : (
              <p id="outbox-message" className="rounded-lg border p-6 text-muted-foreground">
                No email with that id.
              </p>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
