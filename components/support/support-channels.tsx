"use client";

import { BookOpen, Mail, MessageCircle, Phone } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { openSupportChat } from "@/lib/support/chat-events";

/** Live Chat (opens the dashboard's chat widget), Email Support, Documentation and Phone Support. */
export function SupportChannels({
  email,
  supportHours,
  callHours,
}: {
  email: string;
  supportHours: string;
  callHours: string;
}) {
  const cardClass = "flex flex-col gap-3 rounded-xl border border-border bg-card/60 p-4";
  return (
    <section aria-labelledby="channels-heading" className="grid gap-3">
      <h2 id="channels-heading" className="sr-only">
        Ways to reach support
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className={cardClass}>
          <ChannelTitle icon={MessageCircle} title="Live Chat" />
          <p className="flex-1 text-sm text-muted-foreground">Ask Agent Cipher, {supportHours}.</p>
          <Button type="button" onClick={() => openSupportChat()}>
            Start Chat
          </Button>
        </div>
        <div className={cardClass}>
          <ChannelTitle icon={Mail} title="Email Support" />
          <p className="flex-1 text-sm break-all text-muted-foreground">{email}</p>
          <Button asChild variant="outline">
            <a href={`mailto:${email}`}>Send Email</a>
          </Button>
        </div>
        <div className={cardClass}>
          <ChannelTitle icon={BookOpen} title="Documentation" />
          <p className="flex-1 text-sm text-muted-foreground">Guides, tutorials and the API reference.</p>
          <Button asChild variant="outline">
            <Link href="/docs">Browse Docs</Link>
          </Button>
        </div>
        <div className={cardClass}>
          <ChannelTitle icon={Phone} title="Phone Support" />
          <p className="flex-1 text-sm text-muted-foreground">
            Scheduled calls, <span className="text-foreground">{callHours}</span>. Ask for one in a ticket and we will
            book a time.
          </p>
        </div>
      </div>
    </section>
  );
}

function ChannelTitle({ icon: Icon, title }: { icon: typeof Mail; title: string }) {
  return (
    <h3 className="flex items-center gap-2 font-semibold">
      <span className="grid size-8 place-items-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      {title}
    </h3>
  );
}
