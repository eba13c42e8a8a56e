import type { Metadata } from "next";

import { DeleteBotButton } from "@/components/bots/delete-bot-button";
import { listEnvVars } from "@/lib/bots/env-vars";
import { botLanguages, type BotLanguage } from "@/lib/bots/schemas";
import { getBot } from "@/lib/bots/service";

import { loadForBotPage } from "../_components/load-bot";
import { BotDetailsForm } from "./_components/details-form";
import { EnvVarsManager } from "./_components/env-vars";
import { HostingForm } from "./_components/hosting-form";

export const metadata: Metadata = { title: "Bot settings" };

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border border-border bg-card/60 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

export default async function BotSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const {
    data: [bot, envVars],
  } = await loadForBotPage(id, "/settings", (userId) => Promise.all([getBot(userId, id), listEnvVars(userId, id)]));
  const language: BotLanguage = (botLanguages as readonly string[]).includes(bot.language)
    ? (bot.language as BotLanguage)
    : "javascript";

  return (
    <>
      <Section id="details-heading" title="Details" description="The name and description show on My Bots.">
        <BotDetailsForm botId={bot.id} initial={{ name: bot.name, description: bot.description, language }} />
      </Section>
      <Section
        id="hosting-heading"
        title="Hosting"
        description="Where the runner connects this bot and what happens when it crashes. A running bot restarts to connect somewhere else."
      >
        <HostingForm
          botId={bot.id}
          initial={{
            connectTo: bot.connectTo === "discord" ? "discord" : "simulator",
            restartPolicy: bot.restartPolicy === "stay-stopped" ? "stay-stopped" : "restart",
          }}
        />
      </Section>
      <Section
        id="env-heading"
        title="Environment variables"
        description="Settings and API keys the bot reads at start. The bot token is set in the Token card on the Overview."
      >
        <EnvVarsManager botId={bot.id} rows={envVars.map(({ key, value, secret }) => ({ key, value, secret }))} />
      </Section>
      <section
        aria-labelledby="danger-heading"
        className="grid gap-3 rounded-xl border border-destructive/50 bg-destructive/5 p-4 sm:p-6"
      >
        <h2 id="danger-heading" className="text-lg font-semibold">
          Delete this bot
        </h2>
        <p className="text-sm text-muted-foreground">
          The bot stops and moves to the archive with its code, versions and settings.
        </p>
        <div>
          <DeleteBotButton botId={bot.id} botName={bot.name} />
        </div>
      </section>
    </>
  );
}
