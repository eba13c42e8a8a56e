import { ArrowUpRight, Clock, Mail, MessageCircle } from "lucide-react";
import Link from "next/link";

import { PageHeader } from "@/components/site/page-header";
import { Badge } from "@/components/ui/badge";
import { businessHours, contactFaqLinks, supportEmail } from "@/lib/site/contact";
import { pageMetadata } from "@/lib/site/metadata";

import { ContactForm } from "./_components/contact-form";
import { CopyEmailButton } from "./_components/copy-email-button";
import { LiveChatButton } from "./_components/live-chat-button";

export const metadata = pageMetadata({
  title: "Contact Us",
  description:
    "Questions about Cipher, your bots or your plan? Message the team, email support or start a live chat. Support is available 24/7.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        description="Questions about Cipher, a bot that misbehaves or the right plan for your team? Send us a message and we'll get back to you within 24 hours."
      />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-10">
        <section
          aria-labelledby="contact-form-heading"
          className="min-w-0 rounded-2xl border border-border bg-card/60 p-5 sm:p-8"
        >
          <h2 id="contact-form-heading" className="text-2xl font-semibold tracking-tight">
            Send us a message
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Tell us a little about yourself and what you need. The more detail, the faster we can help.
          </p>
          <div className="mt-8">
            <ContactForm />
          </div>
        </section>

        <aside aria-label="Other ways to reach us" className="grid min-w-0 content-start gap-4">
          <section aria-labelledby="email-support-heading" className="rounded-2xl border border-border bg-card/60 p-6">
            <div className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <Mail className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h2 id="email-support-heading" className="font-semibold">
                  Email support
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">For account, billing and bot questions.</p>
                <a
                  href={`mailto:${supportEmail}`}
                  className="mt-3 inline-block font-mono text-sm break-all text-primary underline-offset-4 hover:underline"
                >
                  {supportEmail}
                </a>
              </div>
            </div>
            <div className="mt-5">
              <CopyEmailButton email={supportEmail} />
            </div>
          </section>

          <section aria-labelledby="live-chat-heading" className="rounded-2xl border border-border bg-card/60 p-6">
            <div className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-success/15 text-success">
                <MessageCircle className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 id="live-chat-heading" className="font-semibold">
                    Live Chat
                  </h2>
                  <Badge variant="outline" className="border-success/40 bg-success/10 text-success">
                    <span className="size-1.5 rounded-full bg-current" aria-hidden="true" /> Online 24/7
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  Get quick answers from our assistant, and a person when you need one.
                </p>
              </div>
            </div>
            <div className="mt-5">
              <LiveChatButton />
            </div>
          </section>

          <section aria-labelledby="business-hours-heading" className="rounded-2xl border border-border bg-card/60 p-6">
            <div className="flex items-center gap-3">
              <Clock className="size-5 text-primary" aria-hidden="true" />
              <h2 id="business-hours-heading" className="font-semibold">
                Business hours
              </h2>
            </div>
            <dl className="mt-5 divide-y divide-border">
              {businessHours.map((entry) => (
                <div key={entry.team} className="py-3 first:pt-0 last:pb-0">
                  <dt className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <span className="font-medium">{entry.team}</span>
                    <span className="text-sm text-muted-foreground">{entry.channels}</span>
                  </dt>
                  <dd className="mt-1">
                    <span className="font-semibold text-foreground">{entry.hours}</span>
                    <span className="block text-sm text-muted-foreground">{entry.note}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <nav aria-label="Self-service help" className="rounded-2xl border border-border bg-card/60 p-6">
            <h2 className="font-semibold">Looking for answers right now?</h2>
            <ul className="mt-4 space-y-1">
              {contactFaqLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="group -mx-2 flex items-start justify-between gap-3 rounded-md px-2 py-2 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    <span className="min-w-0">
                      <span className="block text-sm font-medium">{link.label}</span>
                      <span className="block text-sm text-muted-foreground">{link.description}</span>
                    </span>
                    <ArrowUpRight
                      className="mt-0.5 size-4 shrink-0 text-muted-foreground transition group-hover:text-foreground"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
    </>
  );
}
